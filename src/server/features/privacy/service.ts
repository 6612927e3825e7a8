/**
 * The signed-in user's own account (decision 0056): "Delete my account", confirmed with the password and the
 * typed word, through the same erasure as an admin's deletion (erase.ts). The data export is export.ts.
 */
import { and, eq } from 'drizzle-orm';
import { PRIVACY_MESSAGES, type DeleteAccountRequest } from '../../../domain/privacy.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { account, profiles, user, userRoles } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { deleteImageFiles } from '../uploads/service.ts';
import { eraseAccount } from './erase.ts';

/** True when `password` is the account's (better-auth's own hash check). */
async function passwordMatches(db: Db, auth: Auth, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash) return false;
  const context = await auth.$context;
  return context.password.verify({ hash: credential.hash, password });
}

/**
 * Deletes the signed-in user's account and what is theirs, in one transaction; image files after the commit.
 * 400 for a wrong password (the confirmation word is the body schema's), 409 for the last admin.
 */
export async function deleteOwnAccount(
  db: Db,
  storage: Storage,
  auth: Auth,
  actor: Actor,
  input: DeleteAccountRequest,
  now = new Date(),
): Promise<void> {
  if (!(await passwordMatches(db, auth, actor.userId, input.password))) {
    throw badRequest(PRIVACY_MESSAGES.passwordWrong, { password: PRIVACY_MESSAGES.passwordWrong });
  }
  const files = await db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: user.id, email: user.email, name: user.name, fullName: profiles.fullName })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, actor.userId))
      .for('update', { of: user });
    // Deleted meanwhile (another tab, an admin): the session has nothing left to delete.
    if (!me) throw unauthorized();
    const roles = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, me.id));
    const summary = await eraseAccount(
      tx,
      { ...me, roles: roles.map((r) => r.role) },
      actor,
      now,
      PRIVACY_MESSAGES.lastAdmin,
    );
    return summary.files;
  });
  catalogueChanged(db);
  await deleteImageFiles(db, storage, files);
}
