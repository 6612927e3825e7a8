/** The signed-in user's own profile (Settings, Profile tab): name, phone, city, province and avatar. */
import { eq } from 'drizzle-orm';
import type { ProfileSettings, ProfileView } from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { profiles, user } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';

export async function loadProfile(db: Db, actor: Actor): Promise<ProfileView> {
  const [row] = await db
    .select({
      email: user.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      city: profiles.city,
      province: profiles.province,
      avatarUrl: profiles.avatarUrl,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, actor.userId));
  return (
    row ?? { email: actor.email, fullName: null, phone: null, city: null, province: null, avatarUrl: null }
  );
}

/** Saves the profile (made if missing); a new avatar is claimed in the transaction, the old one's files go after. */
export async function updateProfile(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: ProfileSettings,
): Promise<ProfileView> {
  const values = {
    fullName: input.fullName,
    phone: input.phone,
    city: input.city,
    province: input.province ?? null,
    avatarUrl: input.avatarUrl,
  };
  const replaced = await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: actor.userId }).onConflictDoNothing();
    const [current] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, actor.userId))
      .for('update');
    if (input.avatarUrl && input.avatarUrl !== current?.avatarUrl) {
      await claimUploads(tx, actor, 'avatars', [input.avatarUrl]);
    }
    await tx
      .update(profiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(profiles.id, actor.userId));
    await tx.update(user).set({ name: input.fullName }).where(eq(user.id, actor.userId));
    return current?.avatarUrl && current.avatarUrl !== input.avatarUrl ? current.avatarUrl : null;
  });
  if (replaced) await deleteImageFiles(db, storage, [replaced]);
  return loadProfile(db, actor);
}
