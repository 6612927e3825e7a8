/** Roles and the current actor, read from our user_roles table. */
import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { userRoles } from '../db/schema.ts';
import { effectiveRole } from './policy.ts';

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

export async function effectiveRoleOf(db: Db, userId: string): Promise<Role> {
  return effectiveRole(await rolesOf(db, userId));
}

/** Adds a role; holding it already is not an error. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Makes `role` the user's only role. */
export async function setOnlyRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ne(userRoles.role, role)));
  });
}
