/**
 * An admin's decision on the changes a provider made to an approved listing (issue 28 item 3, decision
 * 0041). Approving copies them into the listing in one transaction (the triggers update its search
 * documents); rejecting drops them and keeps the reason for the provider; the approved version stays live
 * either way until then. The decision names the revision the admin looked at: a provider who saved again
 * in between gets their new version reviewed, not approved unseen (409). One audit row and one mail to the
 * provider per decision, in its transaction.
 */
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../domain/admin.ts';
import { HELD_CHANGES_MESSAGES } from '../../../domain/held-changes.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { listings, serviceProviders, user } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import {
  applyListingChanges,
  heldChangesRow,
  liveImageUrls,
  saveHeldChanges,
} from '../provider-listings/held-changes.ts';
import { deleteImageFiles } from '../uploads/service.ts';
import { settleImages } from '../uploads/files.ts';

export async function moderateListingChanges(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
  body: { revision: string; status: 'approved' | 'rejected'; reason: string | null },
): Promise<{ status: 'approved' | 'rejected' }> {
  const outcome = await db.transaction(async (tx) => {
    // The listing row first, as the provider's edit locks it: the two never interleave.
    const [listing] = await tx
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        providerName: serviceProviders.businessName,
        userId: user.id,
        email: user.email,
      })
      .from(listings)
      .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
      .innerJoin(user, eq(user.id, serviceProviders.userId))
      .where(eq(listings.id, id))
      .for('update', { of: listings });
    if (!listing) throw notFound(ADMIN_MESSAGES.listingNotFound);
    const held = await heldChangesRow(tx, id);
    if (!held) throw conflict(HELD_CHANGES_MESSAGES.none);
    if (held.revision !== body.revision) throw conflict(HELD_CHANGES_MESSAGES.stale);
    const recipient = { to: listing.email, userId: listing.userId };
    if (body.status === 'approved') {
      const { before, after, droppedUrls } = await applyListingChanges(tx, id, held);
      await recordAudit(tx, actor, {
        action: 'listing.approve_changes',
        entityType: 'listing',
        entityId: id,
        before,
        after,
      });
      await enqueueMail(tx, {
        kind: 'listing_approved',
        ...recipient,
        payload: {
          providerName: listing.providerName,
          listingId: id,
          listingTitle: held.title ?? listing.title,
          changes: true,
        },
      });
      const shown = held.images?.map((i) => i.url) ?? [];
      return { droppedUrls, publish: listing.status === 'approved' ? shown : [] };
    }
    const live = await liveImageUrls(tx, id);
    await saveHeldChanges(tx, id, null, []);
    await tx
      .update(listings)
      .set({ changesRejectionReason: body.reason, updatedAt: new Date() })
      .where(eq(listings.id, id));
    await recordAudit(tx, actor, {
      action: 'listing.reject_changes',
      entityType: 'listing',
      entityId: id,
      before: { changes: { ...held, submittedAt: held.submittedAt.toISOString() } },
      after: { changes: null, changesRejectionReason: body.reason },
    });
    await enqueueMail(tx, {
      kind: 'listing_rejected',
      ...recipient,
      payload: {
        providerName: listing.providerName,
        listingId: id,
        listingTitle: listing.title,
        reason: body.reason,
        changes: true,
      },
    });
    // Pictures only the rejected changes held.
    return {
      droppedUrls: (held.images ?? []).map((i) => i.url).filter((u) => !live.includes(u)),
      publish: [],
    };
  });
  await deleteImageFiles(db, storage, outcome.droppedUrls);
  if (outcome.publish.length > 0) await settleImages(db, storage, outcome.publish);
  if (body.status === 'approved') catalogueChanged(db);
  return { status: body.status };
}
