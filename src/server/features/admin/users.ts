/**
 * Users, roles and provider packages for admins: the paged users list (search, All / Service Providers /
 * Regular Users / Expired Packages), package change and extension, role change (spec section 4) and user
 * deletion with the cascade of decisions.md. Each action runs in one transaction with its audit row. Dates
 * come from the caller's `now` so the rules can be tested on a fixed clock.
 */
import { addDays, addMonths } from 'date-fns';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  ROLE_CHANGE_PACKAGE_DAYS,
  type AdminUser,
  type UsersPage,
  type UsersQuery,
} from '../../../domain/admin.ts';
import type { Role } from '../../../domain/constants.ts';
import { effectiveRole, type Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  listingImages,
  listings,
  packages,
  profiles,
  reviews,
  serviceProviders,
  user,
  userRoles,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { recomputeListingRating } from '../reviews/service.ts';
import { deleteImageFiles } from '../uploads/service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const hasRole = (role: Role) =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = ${role})`;

function userConditions(q: UsersQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (q.search) {
    const pattern = containsPattern(q.search);
    where.push(or(ilike(user.email, pattern), ilike(user.name, pattern), ilike(profiles.fullName, pattern))!);
  }
  switch (q.filter) {
    case 'providers':
      where.push(hasRole('service_provider'));
      break;
    case 'users':
      where.push(sql`not ${hasRole('service_provider')} and not ${hasRole('admin')}`);
      break;
    case 'expired':
      // A provider whose package is not active: no expiry (payment pending) or an expiry in the past.
      where.push(
        and(
          isNotNull(serviceProviders.id),
          or(
            sql`${serviceProviders.packageExpiresAt} is null`,
            sql`${serviceProviders.packageExpiresAt} <= ${now}`,
          ),
        )!,
      );
      break;
    case 'all':
      break;
  }
  return where;
}

const nameExpr = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.name})`;

function userOrder(q: UsersQuery): SQL[] {
  const dir = q.dir === 'asc' ? asc : desc;
  switch (q.sort) {
    case 'name':
      return [dir(sql`lower(${nameExpr})`), dir(user.id)];
    case 'email':
      return [dir(user.email), dir(user.id)];
    case 'created_at':
      return [dir(user.createdAt), dir(user.id)];
  }
}

export async function listUsers(db: Db, q: UsersQuery, now = new Date()): Promise<UsersPage> {
  const where = userConditions(q, now);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        name: nameExpr,
        createdAt: user.createdAt,
        roles: sql<
          Role[]
        >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${user.id}), '{}')`,
        providerId: serviceProviders.id,
        businessName: serviceProviders.businessName,
        packageType: serviceProviders.packageType,
        packageExpiresAt: serviceProviders.packageExpiresAt,
        paymentStatus: serviceProviders.paymentStatus,
        listingCount: sql<number>`(select count(*)::int from ${listings} where ${listings.serviceProviderId} = ${serviceProviders.id})`,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, user.id))
      .where(condition)
      .orderBy(...userOrder(q))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, user.id))
      .where(condition),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r): AdminUser => {
      const roles = (Array.isArray(r.roles) ? r.roles : []) as Role[];
      return {
        id: r.id,
        email: r.email,
        name: r.name,
        createdAt: r.createdAt.toISOString(),
        roles,
        role: effectiveRole(roles),
        provider: r.providerId
          ? {
              id: r.providerId,
              businessName: r.businessName!,
              packageType: r.packageType!,
              packageExpiresAt: r.packageExpiresAt ? new Date(r.packageExpiresAt).toISOString() : null,
              paymentStatus: r.paymentStatus!,
              listingCount: Number(r.listingCount ?? 0),
            }
          : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Actions on one user

async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: user.id, email: user.email, name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .for('update', { of: user });
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return { ...row, roles: roles.map((r) => r.role) };
}

async function providerOf(tx: Tx, userId: string) {
  const [row] = await tx.select().from(serviceProviders).where(eq(serviceProviders.userId, userId));
  return row ?? null;
}

function providerSnapshot(p: typeof serviceProviders.$inferSelect | null) {
  return p
    ? {
        id: p.id,
        businessName: p.businessName,
        packageType: p.packageType,
        packageExpiresAt: p.packageExpiresAt,
        paymentStatus: p.paymentStatus,
      }
    : null;
}

async function assertPackageExists(tx: Tx, packageType: string) {
  const [row] = await tx
    .select({ packageType: packages.packageType })
    .from(packages)
    .where(eq(packages.packageType, packageType));
  if (!row) throw badRequest(ADMIN_MESSAGES.packageNotFound, { packageType: ADMIN_MESSAGES.packageNotFound });
}

/**
 * Gives a user a package. A provider gets the new type, payment active and an expiry one month ahead; a
 * user without a provider record gets one (business name from the full name, or "Business") and the
 * service_provider role, as spec section 4 says.
 */
export async function changePackage(
  db: Db,
  actor: Actor,
  userId: string,
  packageType: string,
  now = new Date(),
): Promise<{ created: boolean }> {
  const created = await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    await assertPackageExists(tx, packageType);
    const before = await providerOf(tx, userId);
    const values = {
      packageType,
      paymentStatus: 'active',
      packageExpiresAt: addMonths(now, 1),
      updatedAt: now,
    };
    let after;
    if (before) {
      [after] = await tx
        .update(serviceProviders)
        .set(values)
        .where(eq(serviceProviders.id, before.id))
        .returning();
    } else {
      [after] = await tx
        .insert(serviceProviders)
        .values({ userId, businessName: target.fullName?.trim() || 'Business', ...values })
        .returning();
      await tx.insert(userRoles).values({ userId, role: 'service_provider' }).onConflictDoNothing();
    }
    await recordAudit(tx, actor, {
      action: 'user.package_change',
      entityType: 'user',
      entityId: userId,
      before: { provider: providerSnapshot(before) },
      after: { provider: providerSnapshot(after ?? null) },
    });
    return !before;
  });
  catalogueChanged(db);
  return { created };
}

/**
 * Extends a provider's package by 1 or 3 months from its current expiry, or from now when it has none or
 * it has passed (docs/decisions/0015-admin-users-and-packages.md); payment becomes active.
 */
export async function extendPackage(
  db: Db,
  actor: Actor,
  userId: string,
  months: number,
  now = new Date(),
): Promise<{ packageExpiresAt: string }> {
  const expires = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = await providerOf(tx, userId);
    if (!before) throw notFound('Service provider profile not found');
    const from =
      before.packageExpiresAt && before.packageExpiresAt.getTime() > now.getTime()
        ? before.packageExpiresAt
        : now;
    const [after] = await tx
      .update(serviceProviders)
      .set({ packageExpiresAt: addMonths(from, months), paymentStatus: 'active', updatedAt: now })
      .where(eq(serviceProviders.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'user.package_extend',
      entityType: 'user',
      entityId: userId,
      before: { provider: providerSnapshot(before) },
      after: { provider: providerSnapshot(after ?? null), months },
    });
    return after!.packageExpiresAt!;
  });
  catalogueChanged(db);
  return { packageExpiresAt: expires.toISOString() };
}

/** Refuses to leave the site without an admin: `userId` is an admin and the only one. */
async function assertNotLastAdmin(tx: Tx, userId: string) {
  // Lock every admin role row, so two concurrent removals of the last two admins serialise.
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  if (admins.some((a) => a.userId === userId) && admins.length <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
}

/**
 * Makes `role` the user's only role (spec section 4). A new service_provider without a provider record gets
 * one with the chosen package, business name from the full name or "My Business", and 30 days.
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  userId: string,
  body: { role: Role; packageType: string },
  now = new Date(),
): Promise<{ role: Role; providerCreated: boolean }> {
  if (userId === actor.userId && body.role !== 'admin') throw conflict(ADMIN_MESSAGES.selfDemote);
  const providerCreated = await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (body.role !== 'admin') await assertNotLastAdmin(tx, userId);
    await tx.insert(userRoles).values({ userId, role: body.role }).onConflictDoNothing();
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ne(userRoles.role, body.role)));
    let created = null;
    if (body.role === 'service_provider' && !(await providerOf(tx, userId))) {
      await assertPackageExists(tx, body.packageType);
      [created] = await tx
        .insert(serviceProviders)
        .values({
          userId,
          businessName: target.fullName?.trim() || 'My Business',
          packageType: body.packageType,
          paymentStatus: 'active',
          packageExpiresAt: addDays(now, ROLE_CHANGE_PACKAGE_DAYS),
        })
        .returning();
    }
    await recordAudit(tx, actor, {
      action: 'user.role_change',
      entityType: 'user',
      entityId: userId,
      before: { roles: target.roles },
      after: { roles: [body.role], ...(created ? { provider: providerSnapshot(created) } : {}) },
    });
    return created !== null;
  });
  catalogueChanged(db);
  return { role: body.role, providerCreated };
}

/**
 * Deletes a user and everything that is theirs (decisions.md): the account's own rows go by foreign-key
 * cascade (sessions, accounts, roles, profile, favourites, premium access, provider with listings and
 * images); their reviews are removed first so the ratings of the listings they reviewed are recomputed in
 * the same transaction; enquiries they sent stay with user_id null. Stored image files are removed after
 * the commit.
 */
export async function deleteUser(db: Db, storage: Storage, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) throw conflict(ADMIN_MESSAGES.selfDelete);
  const files = await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    await assertNotLastAdmin(tx, userId);
    const provider = await providerOf(tx, userId);
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const images = provider
      ? await tx
          .select({ url: listingImages.imageUrl })
          .from(listingImages)
          .innerJoin(listings, eq(listings.id, listingImages.listingId))
          .where(eq(listings.serviceProviderId, provider.id))
      : [];
    const removedReviews = await tx
      .delete(reviews)
      .where(eq(reviews.userId, userId))
      .returning({ listingId: reviews.listingId });
    const reviewed = [...new Set(removedReviews.map((r) => r.listingId))];
    if (reviewed.length) {
      // Listings of the deleted provider itself are about to go; recompute the others.
      const surviving = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(
          and(
            inArray(listings.id, reviewed),
            provider ? ne(listings.serviceProviderId, provider.id) : undefined,
          ),
        );
      for (const l of surviving) await recomputeListingRating(tx, l.id);
    }
    await tx.delete(user).where(eq(user.id, userId));
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entityType: 'user',
      entityId: userId,
      before: {
        email: target.email,
        name: target.fullName ?? target.name,
        roles: target.roles,
        provider: providerSnapshot(provider),
        reviewsRemoved: removedReviews.length,
        imagesRemoved: images.length,
      },
    });
    const urls = images.map((i) => i.url);
    if (provider?.logoUrl) urls.push(provider.logoUrl);
    if (profile?.avatarUrl) urls.push(profile.avatarUrl);
    return urls;
  });
  catalogueChanged(db);
  await deleteImageFiles(db, storage, files);
}
