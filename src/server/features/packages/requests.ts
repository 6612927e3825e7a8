/**
 * Package requests from /checkout (issue 28 item 2, decision 0039): a provider asks for a paid package (an
 * upgrade to another one, or a renewal of their own). Payment is not taken online, so the request waits,
 * visible to the provider and to admins ('Pending payments' on Manage Users), and the provider keeps their
 * current package until an admin activates one (features/admin/users.ts closes the request). One open
 * request per provider: the provider's row is locked first, so a double submit finds the request the first
 * one recorded; choosing another package while one waits changes the open request, and the provider may
 * withdraw it (cancelPackageRequest).
 */
import { and, eq } from 'drizzle-orm';
import { PACKAGE_REQUEST_MESSAGES, type PackageRequest } from '../../../domain/package-requests.ts';
import { PROVIDER_MESSAGES } from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { packageRequests, packages } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { openPackageRequest, providerOfUser, requestKind } from './service.ts';

export async function requestPackage(
  db: Db,
  actor: Actor,
  packageType: string,
  now = new Date(),
): Promise<{ request: PackageRequest; created: boolean }> {
  return db.transaction(async (tx) => {
    const provider = await providerOfUser(tx, actor.userId, { lock: true });
    if (!provider) throw new AppError(403, 'PROVIDER_PROFILE_MISSING', PROVIDER_MESSAGES.profileMissing);
    const [pkg] = await tx
      .select({ packageType: packages.packageType })
      .from(packages)
      .where(and(eq(packages.packageType, packageType), eq(packages.active, true)));
    if (!pkg) {
      throw badRequest(PACKAGE_REQUEST_MESSAGES.packageNotFound, {
        packageType: PACKAGE_REQUEST_MESSAGES.packageNotFound,
      });
    }
    const kind = requestKind(provider, pkg.packageType);
    const open = await openPackageRequest(tx, provider);
    if (open && open.packageType === pkg.packageType && open.kind === kind) {
      return { request: open, created: false };
    }
    if (open) {
      await tx
        .update(packageRequests)
        .set({ packageType: pkg.packageType, kind, createdAt: now })
        .where(eq(packageRequests.id, open.id));
    } else {
      await tx
        .insert(packageRequests)
        .values({ serviceProviderId: provider.id, packageType: pkg.packageType, kind, createdAt: now });
    }
    const request = await openPackageRequest(tx, provider);
    return { request: request!, created: !open };
  });
}

/**
 * The provider withdraws their open request (a wrong choice, or they will not pay after all): it is closed
 * as `cancelled` and leaves the admins' 'Pending payments'; the current package is untouched. 404 when
 * nothing is open (already cancelled, or an admin activated it meanwhile).
 */
export async function cancelPackageRequest(db: Db, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const provider = await providerOfUser(tx, actor.userId, { lock: true });
    if (!provider) throw new AppError(403, 'PROVIDER_PROFILE_MISSING', PROVIDER_MESSAGES.profileMissing);
    const open = await openPackageRequest(tx, provider);
    if (!open) throw notFound(PACKAGE_REQUEST_MESSAGES.noneOpen);
    await tx
      .update(packageRequests)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(packageRequests.id, open.id), eq(packageRequests.status, 'pending')));
  });
}
