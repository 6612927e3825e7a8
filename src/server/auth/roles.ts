/** A user's roles, read from and granted in our user_roles table (the effective role: auth/policy.ts). */
import { eq } from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { userRoles } from '../db/schema.ts';

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

/** Adds a role; holding it already is not an error. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}
