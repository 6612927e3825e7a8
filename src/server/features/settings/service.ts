/** Site-wide settings (demo mode). The server decides; the browser may only cache. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';

export async function getDemoMode(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'demo_mode'));
  return row?.value === true;
}

export async function setDemoMode(db: Db, on: boolean): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: 'demo_mode', value: on })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: on, updatedAt: new Date() } });
}
