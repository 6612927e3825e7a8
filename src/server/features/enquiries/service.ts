/**
 * Enquiries: anyone sends one for an approved listing; users read the ones they sent, providers the ones sent
 * to them, admins all; the provider (or an admin) moves the status on from 'new'.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ENQUIRY_LIST_MAX,
  type EnquiryForm,
  type EnquiryList,
  type EnquiryStatusUpdate,
  type EnquiryView,
} from '../../../domain/engagement.ts';
import type { EnquiryStatus } from '../../../domain/constants.ts';
import { canActOnProviderResource, isAdmin, type Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { categories, enquiries, listings, serviceProviders } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { SA_DAY } from '../marketplace/service.ts';

export const LISTING_NOT_FOUND = 'Listing not found';
export const ENQUIRY_NOT_FOUND = 'Enquiry not found';

/** The caller's provider id, or null when they have no provider record. */
export async function providerIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId));
  return row?.id ?? null;
}

/** Records an enquiry for an approved listing and counts it on the provider, in one transaction. */
export async function createEnquiry(
  db: Db,
  actor: Actor | null,
  input: EnquiryForm & { listingId: string },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: listings.id, providerId: listings.serviceProviderId })
      .from(listings)
      .where(and(eq(listings.id, input.listingId), eq(listings.status, 'approved')));
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    const [row] = await tx
      .insert(enquiries)
      .values({
        userId: actor?.userId ?? null,
        listingId: listing.id,
        serviceProviderId: listing.providerId,
        userName: input.name,
        userEmail: input.email,
        userPhone: input.phone,
        message: input.message,
      })
      .returning({ id: enquiries.id });
    await tx
      .update(serviceProviders)
      .set({ totalEnquiries: sql`${serviceProviders.totalEnquiries} + 1` })
      .where(eq(serviceProviders.id, listing.providerId));
    // The provider's analytics: one row per listing and day, counted in SQL.
    await tx.execute(
      sql`insert into listing_daily_stats as d (listing_id, day, enquiries)
          values (${listing.id}, ${SA_DAY}, 1)
          on conflict (listing_id, day) do update set enquiries = d.enquiries + 1`,
    );
    return { id: row!.id };
  });
}

/** Which enquiries an actor may read: their own (user), those sent to them (provider), all (admin). */
async function visibleTo(db: Db, actor: Actor): Promise<SQL | undefined | false> {
  if (isAdmin(actor)) return undefined;
  if (actor.role === 'service_provider') {
    const providerId = await providerIdOf(db, actor.userId);
    return providerId ? eq(enquiries.serviceProviderId, providerId) : false;
  }
  return eq(enquiries.userId, actor.userId);
}

function toView(row: {
  id: string;
  userId: string | null;
  serviceProviderId: string;
  userName: string;
  userEmail: string;
  userPhone: string | null;
  message: string;
  status: EnquiryStatus;
  createdAt: Date;
  listingId: string | null;
  listingTitle: string | null;
  categoryName: string | null;
  providerName: string | null;
}): EnquiryView {
  return {
    id: row.id,
    userId: row.userId,
    serviceProviderId: row.serviceProviderId,
    userName: row.userName,
    userEmail: row.userEmail,
    userPhone: row.userPhone,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    listing:
      row.listingId && row.listingTitle !== null
        ? { id: row.listingId, title: row.listingTitle, categoryName: row.categoryName }
        : null,
    providerName: row.providerName,
  };
}

const viewColumns = {
  id: enquiries.id,
  userId: enquiries.userId,
  serviceProviderId: enquiries.serviceProviderId,
  userName: enquiries.userName,
  userEmail: enquiries.userEmail,
  userPhone: enquiries.userPhone,
  message: enquiries.message,
  status: enquiries.status,
  createdAt: enquiries.createdAt,
  listingId: listings.id,
  listingTitle: listings.title,
  categoryName: categories.name,
  providerName: serviceProviders.businessName,
};

export async function listEnquiries(
  db: Db,
  actor: Actor,
  filter: { status?: EnquiryStatus | undefined },
): Promise<EnquiryList> {
  const scope = await visibleTo(db, actor);
  if (scope === false) return { items: [], total: 0 };
  const where = and(scope, filter.status ? eq(enquiries.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(enquiries)
      .leftJoin(listings, eq(listings.id, enquiries.listingId))
      .leftJoin(categories, eq(categories.id, listings.categoryId))
      .leftJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(ENQUIRY_LIST_MAX),
    db.select({ n: count() }).from(enquiries).where(where),
  ]);
  return { items: rows.map(toView), total: Number(total?.n ?? 0) };
}

/**
 * Sets the status of an enquiry. Only the provider it was sent to, or an admin. Another provider's enquiry
 * answers 404 (it does not exist for them); users are refused by the route's access level (403).
 */
export async function updateEnquiryStatus(
  db: Db,
  actor: Actor,
  id: string,
  input: EnquiryStatusUpdate,
): Promise<EnquiryView> {
  const [existing] = await db
    .select({ serviceProviderId: enquiries.serviceProviderId })
    .from(enquiries)
    .where(eq(enquiries.id, id));
  const actorProviderId = isAdmin(actor) ? null : await providerIdOf(db, actor.userId);
  if (!existing || !canActOnProviderResource(actor, actorProviderId, existing.serviceProviderId)) {
    throw notFound(ENQUIRY_NOT_FOUND);
  }
  await db.update(enquiries).set({ status: input.status, updatedAt: new Date() }).where(eq(enquiries.id, id));
  const [row] = await db
    .select(viewColumns)
    .from(enquiries)
    .leftJoin(listings, eq(listings.id, enquiries.listingId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
    .where(eq(enquiries.id, id));
  if (!row) throw notFound(ENQUIRY_NOT_FOUND);
  return toView(row);
}
