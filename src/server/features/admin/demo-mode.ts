/** The site-wide demo-mode switch (decisions.md): only admins change it, with an audit row in the same transaction. */
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { getDemoMode, setDemoMode } from '../settings/service.ts';

export async function switchDemoMode(db: Db, actor: Actor, on: boolean): Promise<{ demoMode: boolean }> {
  await db.transaction(async (tx) => {
    // The settings service takes the database handle; a transaction has the same query API.
    const runner = tx as unknown as Db;
    const before = await getDemoMode(runner);
    await setDemoMode(runner, on);
    await recordAudit(tx, actor, {
      action: 'settings.demo_mode',
      entityType: 'site_settings',
      entityId: 'demo_mode',
      before: { demoMode: before },
      after: { demoMode: on },
    });
  });
  catalogueChanged(db);
  return { demoMode: on };
}
