/**
 * Users, roles and provider packages for admins: the paged users list (search, All / Service Providers /
 * Regular Users / Expired Packages), package change and extension, role change (spec section 4) and user
 * deletion with everything that is theirs (decision 0015). Each action runs in one transaction with its audit row. Dates
 * come from the caller's `now` so the rules can be tested on a fixed clock.
 */
import { addDays, addMonths } from 'date-fns';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_MESSAGES,
  ROLE_CHANGE_PACKAGE_DAYS,
  type AdminUser,
  type UsersPage,
  type UsersQuery,
} from '../../../domain/admin.ts';
import type { Role } from '../../../domain/constants.ts';
import { UNCOUNTED_LISTING_STATUS } from '../../../domain/listing-count.ts';
import { effectiveRole, type Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  listings,
  packageRequests,
  packages,
  profiles,
  serviceProviders,
  user,
  userRoles,
} from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { closePackageRequest } from '../packages/service.ts';
import { assertNotLastAdmin, eraseAccount } from '../privacy/erase.ts';
import { deleteImageFiles } from '../uploads/service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The open package request of each provider (at most one: a partial unique key) and its package. */
const openRequests = alias(packageRequests, 'open_request');
const requestedPackages = alias(packages, 'requested_package');

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
    case 'pending':
      // Pending payments (decision 0039): an open request from /checkout, or a paid sign-up not yet paid.
      where.push(
        and(
          isNotNull(serviceProviders.id),
          or(isNotNull(openRequests.id), eq(serviceProviders.paymentStatus, 'pending')),
        )!,
      );
      break;
    case 'all':
      break;
  }
  return where;
}

const requestJoin = and(
  eq(openRequests.serviceProviderId, serviceProviders.id),
  eq(openRequests.status, 'pending'),
);

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
        // Those the package limit counts (not rejected), as the provider's screens count them (decision 0047).
        listingCount: sql<number>`(select count(*)::int from ${listings} where ${listings.serviceProviderId} = ${serviceProviders.id} and ${listings.status} <> ${UNCOUNTED_LISTING_STATUS})`,
        requestId: openRequests.id,
        requestType: openRequests.packageType,
        requestKind: openRequests.kind,
        requestedAt: openRequests.createdAt,
        requestName: requestedPackages.name,
        requestPrice: requestedPackages.price,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, user.id))
      .leftJoin(openRequests, requestJoin)
      .leftJoin(requestedPackages, eq(requestedPackages.packageType, openRequests.packageType))
      .where(condition)
      .orderBy(...userOrder(q))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, user.id))
      .leftJoin(openRequests, requestJoin)
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
              pendingRequest: r.requestId
                ? {
                    id: r.requestId,
                    packageType: r.requestType!,
                    packageName: r.requestName ?? r.requestType!,
                    price: Number(r.requestPrice ?? 0),
                    kind: r.requestKind === 'renewal' ? 'renewal' : 'upgrade',
                    requestedAt: new Date(r.requestedAt!).toISOString(),
                  }
                : null,
            }
          : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Actions on one user

/**
 * Locks the acting admin's and the target's user rows, in id order, and returns the target with its roles.
 * Every action on a user takes these locks first and in the same order, so two admins acting on each other
 * at the same moment queue up instead of deadlocking (one would otherwise hold the target's row while it
 * waits for the other's, whose audit row needs the actor's row). With the actor's row locked, nobody can
 * change the actor's roles until this transaction ends: an actor who lost the admin role (or the account)
 * to a concurrent action is refused (403) rather than acting on a stale session.
 */
async function lockActorAndTarget(tx: Tx, actor: Actor, userId: string) {
  const rows = await tx
    .select({ id: user.id, email: user.email, name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, [...new Set([actor.userId, userId])]))
    .orderBy(asc(user.id))
    .for('update', { of: user });
  const [stillAdmin] = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, actor.userId), eq(userRoles.role, 'admin')));
  if (!stillAdmin || !rows.some((r) => r.id === actor.userId)) throw forbidden();
  const row = rows.find((r) => r.id === userId);
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
 * What an admin's activation does besides the provider row (decision 0039): closes the provider's open
 * request from /checkout and tells the provider, in the activation's transaction ('package activated',
 * once per provider and expiry).
 */
async function packageActivated(
  tx: Tx,
  target: { email: string },
  userId: string,
  provider: typeof serviceProviders.$inferSelect,
  now: Date,
) {
  await closePackageRequest(tx, provider.id, now);
  const [pkg] = await tx
    .select({ name: packages.name, price: packages.price })
    .from(packages)
    .where(eq(packages.packageType, provider.packageType));
  const expiresAt = provider.packageExpiresAt!.toISOString();
  await enqueueMail(tx, {
    kind: 'package_activated',
    to: target.email,
    userId,
    payload: {
      providerName: provider.businessName,
      packageName: pkg?.name ?? provider.packageType,
      price: Number(pkg?.price ?? 0),
      expiresAt,
    },
    dedupeKey: `package_activated:${provider.id}:${provider.packageType}:${expiresAt}`,
  });
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
    const target = await lockActorAndTarget(tx, actor, userId);
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
    await packageActivated(tx, target, userId, after!, now);
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
    const target = await lockActorAndTarget(tx, actor, userId);
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
    await packageActivated(tx, target, userId, after!, now);
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

/**
 * Makes `role` the user's only role (spec section 4). A new service_provider without a provider record gets
 * one with the chosen package, business name from the full name or "My Business", and 30 days. Setting the
 * role a user already has alone changes nothing and writes no audit row.
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
    const target = await lockActorAndTarget(tx, actor, userId);
    const needsProvider = body.role === 'service_provider' && !(await providerOf(tx, userId));
    // Already the only role (and nothing to create): nothing changes, so nothing is written or audited.
    if (target.roles.length === 1 && target.roles[0] === body.role && !needsProvider) return false;
    if (body.role !== 'admin') await assertNotLastAdmin(tx, userId);
    await tx.insert(userRoles).values({ userId, role: body.role }).onConflictDoNothing();
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), ne(userRoles.role, body.role)));
    let created = null;
    if (needsProvider) {
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
 * Deletes a user and everything that is theirs through the same erasure as "Delete my account" (decision
 * 0056, features/privacy/erase.ts): one transaction that also anonymises what stays (their reviews, the
 * enquiries they sent, the audit log); stored image files are removed after the commit.
 */
export async function deleteUser(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: string,
  now = new Date(),
): Promise<void> {
  if (userId === actor.userId) throw conflict(ADMIN_MESSAGES.selfDelete);
  const files = await db.transaction(async (tx) => {
    const target = await lockActorAndTarget(tx, actor, userId);
    const summary = await eraseAccount(tx, target, actor, now);
    return summary.files;
  });
  catalogueChanged(db);
  await deleteImageFiles(db, storage, files);
}
