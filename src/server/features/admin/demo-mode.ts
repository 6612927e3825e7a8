/**
 * The site-wide demo-mode switch (decision 0016): only admins change it, with an audit row in the same
 * transaction when it really changes. While it is on every provider counts as premium with unlimited listings.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { getDemoMode, setDemoMode } from '../settings/service.ts';

export async function switchDemoMode(db: Db, actor: Actor, on: boolean): Promise<{ demoMode: boolean }> {
  const changed = await db.transaction(async (tx) => {
    // The settings service takes the database handle; a transaction has the same query API.
    const runner = tx as unknown as Db;
    // One switch at a time, so "was it already so?" is still true when this one writes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings:demo_mode'))`);
    const before = await getDemoMode(runner);
    // Switching it to what it already is changes nothing: nothing is written or audited.
    if (before === on) return false;
    await setDemoMode(runner, on);
    await recordAudit(tx, actor, {
      action: 'settings.demo_mode',
      entityType: 'site_settings',
      entityId: 'demo_mode',
      before: { demoMode: before },
      after: { demoMode: on },
    });
    return true;
  });
  if (changed) catalogueChanged(db);
  return { demoMode: on };
}
