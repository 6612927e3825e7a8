/**
 * Enquiries: anyone sends one for an approved listing; users read the ones they sent (and, once their address
 * is verified, those it sent as a visitor), providers the ones sent to them, admins all; the provider (or an
 * admin) moves the status on from 'new'. A new enquiry is mailed to the provider's verified address in the
 * transaction that records it (decision 0045).
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
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
import { categories, enquiries, listings, serviceProviders, user } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { saDay } from '../marketplace/service.ts';

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
      .select({ id: listings.id, title: listings.title, providerId: listings.serviceProviderId })
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
          values (${listing.id}, ${saDay()}, 1)
          on conflict (listing_id, day) do update set enquiries = d.enquiries + 1`,
    );
    // The provider hears of it by mail, at a verified address only (a note on their screen says why not).
    const provider = await providerRecipient(tx, listing.providerId);
    if (provider) {
      await enqueueMail(tx, {
        kind: 'enquiry_received',
        to: provider.email,
        userId: provider.userId,
        dedupeKey: `enquiry_received:${row!.id}`,
        payload: {
          providerName: provider.businessName,
          enquiryId: row!.id,
          listingId: listing.id,
          listingTitle: listing.title,
          clientName: input.name,
          clientEmail: input.email,
          clientPhone: input.phone ?? null,
          message: input.message,
        },
      });
    }
    return { id: row!.id };
  });
}

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/** A provider's account address, when it is verified (notifications go to verified addresses only). */
export async function providerRecipient(
  db: Runner,
  providerId: string,
): Promise<{ userId: string; email: string; businessName: string } | null> {
  const [row] = await db
    .select({
      userId: user.id,
      email: user.email,
      verified: user.emailVerified,
      businessName: serviceProviders.businessName,
    })
    .from(serviceProviders)
    .innerJoin(user, eq(user.id, serviceProviders.userId))
    .where(eq(serviceProviders.id, providerId));
  return row?.verified ? { userId: row.userId, email: row.email, businessName: row.businessName } : null;
}

/** The caller's current address and whether it is verified. */
export async function accountOf(db: Runner, userId: string): Promise<{ email: string; verified: boolean }> {
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return { email: row?.email ?? '', verified: row?.verified ?? false };
}

/**
 * The enquiries a user sent: with their account, and, once the account's address is verified, every
 * enquiry sent from that address without an account (they appear under the account; decision 0045).
 */
export function sentBy(userId: string, account: { email: string; verified: boolean }): SQL {
  return account.verified
    ? or(eq(enquiries.userId, userId), sql`lower(${enquiries.userEmail}) = lower(${account.email})`)!
    : eq(enquiries.userId, userId);
}

/** Which enquiries an actor may read: their own (user), those sent to them (provider), all (admin). */
async function visibleTo(
  db: Db,
  actor: Actor,
  account: { email: string; verified: boolean },
): Promise<SQL | undefined | false> {
  if (isAdmin(actor)) return undefined;
  if (actor.role === 'service_provider') {
    const providerId = await providerIdOf(db, actor.userId);
    return providerId ? eq(enquiries.serviceProviderId, providerId) : false;
  }
  return sentBy(actor.userId, account);
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
  messageCount: number | string;
  unread: boolean;
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
    messageCount: Number(row.messageCount),
    unread: Boolean(row.unread),
  };
}

/** The columns of an enquiry's view for one reader (the unread mark is theirs). */
const viewColumns = (readerId: string) => ({
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
  messageCount: sql<number>`(select count(*) from enquiry_messages m where m.enquiry_id = ${enquiries.id})`,
  // A message someone else wrote after the last one this reader saw.
  unread: sql<boolean>`exists (select 1 from enquiry_messages m
    where m.enquiry_id = ${enquiries.id} and m.author_user_id is distinct from ${readerId}
      and m.seq > coalesce((select r.last_seen_seq from enquiry_reads r
        where r.enquiry_id = ${enquiries.id} and r.user_id = ${readerId}), 0))`,
});

export async function listEnquiries(
  db: Db,
  actor: Actor,
  filter: { status?: EnquiryStatus | undefined },
): Promise<EnquiryList> {
  const account = await accountOf(db, actor.userId);
  const scope = await visibleTo(db, actor, account);
  if (scope === false) return { items: [], total: 0, emailVerified: account.verified };
  const where = and(scope, filter.status ? eq(enquiries.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns(actor.userId))
      .from(enquiries)
      .leftJoin(listings, eq(listings.id, enquiries.listingId))
      .leftJoin(categories, eq(categories.id, listings.categoryId))
      .leftJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(ENQUIRY_LIST_MAX),
    db.select({ n: count() }).from(enquiries).where(where),
  ]);
  return { items: rows.map(toView), total: Number(total?.n ?? 0), emailVerified: account.verified };
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
    .select(viewColumns(actor.userId))
    .from(enquiries)
    .leftJoin(listings, eq(listings.id, enquiries.listingId))
    .leftJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
    .where(eq(enquiries.id, id));
  if (!row) throw notFound(ENQUIRY_NOT_FOUND);
  return toView(row);
}
