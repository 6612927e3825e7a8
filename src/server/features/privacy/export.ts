/**
 * "Download my data" (issue 24, POPIA; decision 0056): everything kept about one signed-in user, as one JSON
 * document built from a list of sections. Each section reads one subject for the user the session names (no
 * parameter can name another); a table added later is one more entry in `EXPORT_SECTIONS`.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  contentReports,
  enquiries,
  enquiryMessages,
  favorites,
  listingChanges,
  listingDailyStats,
  listingImages,
  listings,
  mailOptOuts,
  notificationSettings,
  outbox,
  packageRequests,
  premiumAccessLogs,
  premiumContentAccess,
  profiles,
  reviews,
  serviceProviders,
  session,
  uploads,
  user,
  userConsents,
  userRoles,
} from '../../db/schema.ts';
import { unauthorized } from '../../errors.ts';
import { addressHash } from '../../mail/preferences.ts';

/** Whose data a section reads: resolved once from the session's user. */
export interface ExportSubject {
  userId: string;
  email: string;
  providerId: string | null;
  isAdmin: boolean;
}

export interface ExportSection {
  /** The key of the section in the document. */
  key: string;
  /** What the section holds, written into the document for the reader. */
  about: string;
  load: (db: Db, subject: ExportSubject) => Promise<unknown>;
}

/** The messages of some enquiries, grouped by enquiry, oldest first. */
async function conversationsOf(db: Db, enquiryIds: string[]) {
  if (enquiryIds.length === 0) return new Map<string, unknown[]>();
  const rows = await db
    .select({
      enquiryId: enquiryMessages.enquiryId,
      authorSide: enquiryMessages.authorSide,
      authorName: enquiryMessages.authorName,
      body: enquiryMessages.body,
      createdAt: enquiryMessages.createdAt,
    })
    .from(enquiryMessages)
    .where(inArray(enquiryMessages.enquiryId, enquiryIds))
    .orderBy(asc(enquiryMessages.seq));
  const byEnquiry = new Map<string, unknown[]>();
  for (const { enquiryId, ...message } of rows) {
    byEnquiry.set(enquiryId, [...(byEnquiry.get(enquiryId) ?? []), message]);
  }
  return byEnquiry;
}

const enquiryColumns = {
  id: enquiries.id,
  listingId: enquiries.listingId,
  listingTitle: listings.title,
  businessName: serviceProviders.businessName,
  userName: enquiries.userName,
  userEmail: enquiries.userEmail,
  userPhone: enquiries.userPhone,
  message: enquiries.message,
  status: enquiries.status,
  createdAt: enquiries.createdAt,
  updatedAt: enquiries.updatedAt,
};

async function enquiriesWhere(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select(enquiryColumns)
    .from(enquiries)
    .leftJoin(listings, eq(listings.id, enquiries.listingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
    .where(where)
    .orderBy(desc(enquiries.createdAt));
  const messages = await conversationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, conversation: messages.get(r.id) ?? [] }));
}

async function providerListings(db: Db, providerId: string) {
  const rows = await db
    .select()
    .from(listings)
    .where(eq(listings.serviceProviderId, providerId))
    .orderBy(asc(listings.createdAt));
  const ids = rows.map((l) => l.id);
  const [images, changes, stats] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(listingImages)
          .where(inArray(listingImages.listingId, ids))
          .orderBy(asc(listingImages.displayOrder)),
        db.select().from(listingChanges).where(inArray(listingChanges.listingId, ids)),
        db
          .select()
          .from(listingDailyStats)
          .where(inArray(listingDailyStats.listingId, ids))
          .orderBy(asc(listingDailyStats.day)),
      ])
    : [[], [], []];
  return rows.map(({ searchVector: _search, titleVector: _title, geo: _geo, ...l }) => ({
    ...l,
    images: images
      .filter((i) => i.listingId === l.id)
      .map((i) => ({ url: i.imageUrl, isPrimary: i.isPrimary, displayOrder: i.displayOrder })),
    changesAwaitingApproval: changes.find((c) => c.listingId === l.id) ?? null,
    dailyStats: stats.filter((s) => s.listingId === l.id).map(({ listingId: _id, ...s }) => s),
  }));
}

/**
 * The sections, in the document's order. Consents, reports and review replies (issue 24's other parts) add
 * their entries here.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    key: 'account',
    about: 'Your account: name, email address and when it was created.',
    load: async (db, s) => {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          image: user.image,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        })
        .from(user)
        .where(eq(user.id, s.userId));
      return row ?? null;
    },
  },
  {
    key: 'roles',
    about: 'Your roles on the site.',
    load: async (db, s) =>
      db
        .select({ role: userRoles.role, since: userRoles.createdAt })
        .from(userRoles)
        .where(eq(userRoles.userId, s.userId))
        .orderBy(asc(userRoles.role)),
  },
  {
    key: 'profile',
    about: 'Your profile: full name, phone, city, province and picture.',
    load: async (db, s) => {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, s.userId));
      return row ?? null;
    },
  },
  {
    key: 'sessions',
    about: 'Where you are signed in: when each session started and ends, its address and browser.',
    load: async (db, s) =>
      db
        .select({
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, s.userId))
        .orderBy(desc(session.createdAt)),
  },
  {
    key: 'provider',
    about:
      'Your business: the provider record, package requests and listings with their images and statistics.',
    load: async (db, s) => {
      if (!s.providerId) return null;
      const [provider] = await db
        .select()
        .from(serviceProviders)
        .where(eq(serviceProviders.id, s.providerId));
      if (!provider) return null;
      const [requests, ownListings] = await Promise.all([
        db
          .select()
          .from(packageRequests)
          .where(eq(packageRequests.serviceProviderId, s.providerId))
          .orderBy(desc(packageRequests.createdAt)),
        providerListings(db, s.providerId),
      ]);
      return { ...provider, packageRequests: requests, listings: ownListings };
    },
  },
  {
    key: 'favourites',
    about: 'The listings you saved.',
    load: async (db, s) =>
      db
        .select({
          listingId: favorites.listingId,
          listingTitle: listings.title,
          savedAt: favorites.createdAt,
        })
        .from(favorites)
        .leftJoin(listings, eq(listings.id, favorites.listingId))
        .where(eq(favorites.userId, s.userId))
        .orderBy(desc(favorites.createdAt)),
  },
  {
    key: 'enquiriesSent',
    about: 'The enquiries you sent to providers, with their conversations.',
    load: async (db, s) => enquiriesWhere(db, eq(enquiries.userId, s.userId)),
  },
  {
    key: 'enquiriesReceived',
    about: 'The enquiries your business received, with their conversations.',
    load: async (db, s) =>
      s.providerId ? enquiriesWhere(db, eq(enquiries.serviceProviderId, s.providerId)) : [],
  },
  {
    key: 'reviewsWritten',
    about: 'The reviews you wrote.',
    load: async (db, s) =>
      db
        .select({
          id: reviews.id,
          listingId: reviews.listingId,
          listingTitle: listings.title,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
          updatedAt: reviews.updatedAt,
        })
        .from(reviews)
        .innerJoin(listings, eq(listings.id, reviews.listingId))
        .where(eq(reviews.userId, s.userId))
        .orderBy(desc(reviews.createdAt)),
  },
  {
    key: 'reviewResponses',
    about: 'The public responses your business wrote to reviews of its listings.',
    load: async (db, s) =>
      s.providerId
        ? db
            .select({
              reviewId: reviews.id,
              listingId: reviews.listingId,
              listingTitle: listings.title,
              response: reviews.response,
              createdAt: reviews.responseCreatedAt,
              updatedAt: reviews.responseUpdatedAt,
            })
            .from(reviews)
            .innerJoin(listings, eq(listings.id, reviews.listingId))
            .where(and(eq(listings.serviceProviderId, s.providerId), sql`${reviews.response} is not null`))
            .orderBy(desc(reviews.responseCreatedAt))
        : [],
  },
  {
    key: 'reportsMade',
    about: 'The listings and reviews you reported, and what became of each report.',
    load: async (db, s) =>
      db
        .select({
          id: contentReports.id,
          type: contentReports.type,
          listingId: contentReports.listingId,
          reviewId: contentReports.reviewId,
          reason: contentReports.reason,
          details: contentReports.details,
          status: contentReports.status,
          createdAt: contentReports.createdAt,
          resolvedAt: contentReports.resolvedAt,
        })
        .from(contentReports)
        .where(eq(contentReports.reporterUserId, s.userId))
        .orderBy(desc(contentReports.createdAt)),
  },
  {
    key: 'matricGuideRequests',
    about: 'Your Matric Guide access requests and payments.',
    load: async (db, s) =>
      db
        .select({
          id: premiumContentAccess.id,
          paymentAmount: premiumContentAccess.paymentAmount,
          paymentReference: premiumContentAccess.paymentReference,
          paymentStatus: premiumContentAccess.paymentStatus,
          rejectionReason: premiumContentAccess.rejectionReason,
          purchasedAt: premiumContentAccess.purchasedAt,
          approvedAt: premiumContentAccess.approvedAt,
        })
        .from(premiumContentAccess)
        .where(eq(premiumContentAccess.userId, s.userId))
        .orderBy(desc(premiumContentAccess.purchasedAt)),
  },
  {
    key: 'matricGuideAccessLog',
    about: 'When you opened the Matric Guide, and with which browser.',
    load: async (db, s) =>
      db
        .select({ accessedAt: premiumAccessLogs.accessedAt, userAgent: premiumAccessLogs.userAgent })
        .from(premiumAccessLogs)
        .where(eq(premiumAccessLogs.userId, s.userId))
        .orderBy(desc(premiumAccessLogs.accessedAt)),
  },
  {
    key: 'consents',
    about: 'What you agreed to when you signed up (the Terms and Privacy Policy), when, and which version.',
    load: async (db, s) =>
      db
        .select({
          kind: userConsents.kind,
          policyVersion: userConsents.policyVersion,
          acceptedAt: userConsents.acceptedAt,
        })
        .from(userConsents)
        .where(eq(userConsents.userId, s.userId))
        .orderBy(asc(userConsents.acceptedAt)),
  },
  {
    key: 'notificationSettings',
    about: 'The email notifications you turned on or off (no entry means on).',
    load: async (db, s) =>
      db
        .select({
          category: notificationSettings.category,
          enabled: notificationSettings.enabled,
          updatedAt: notificationSettings.updatedAt,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, s.userId)),
  },
  {
    key: 'mailOptOuts',
    about: 'Email categories your address turned off before or without signing in.',
    load: async (db, s) =>
      db
        .select({ category: mailOptOuts.category, createdAt: mailOptOuts.createdAt })
        .from(mailOptOuts)
        .where(eq(mailOptOuts.addressHash, addressHash(s.email))),
  },
  {
    key: 'emails',
    about: 'The emails we sent or will send you: kind, status and dates.',
    load: async (db, s) =>
      db
        .select({
          kind: outbox.kind,
          category: outbox.category,
          status: outbox.status,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(or(eq(outbox.userId, s.userId), sql`lower(${outbox.recipient}) = lower(${s.email})`))
        .orderBy(desc(outbox.createdAt)),
  },
  {
    key: 'uploads',
    about: 'The images you uploaded.',
    load: async (db, s) =>
      db
        .select({ url: uploads.url, bucket: uploads.bucket, createdAt: uploads.createdAt })
        .from(uploads)
        .where(eq(uploads.userId, s.userId))
        .orderBy(desc(uploads.createdAt)),
  },
  {
    key: 'adminActionsAboutYou',
    about:
      'What administrators changed on your account, business or listings (the administrator is not named).',
    load: async (db, s) => {
      const listingIds = s.providerId
        ? (
            await db
              .select({ id: listings.id })
              .from(listings)
              .where(eq(listings.serviceProviderId, s.providerId))
          ).map((l) => l.id)
        : [];
      const entities = [s.userId, ...(s.providerId ? [s.providerId] : []), ...listingIds];
      return db
        .select({
          action: auditLog.action,
          entityType: auditLog.entityType,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(inArray(auditLog.entityId, entities))
        .orderBy(desc(auditLog.createdAt));
    },
  },
  {
    key: 'adminActionsByYou',
    about: 'As an administrator: the actions you took (what and when; the records are in the audit log).',
    load: async (db, s) =>
      s.isAdmin
        ? db
            .select({
              action: auditLog.action,
              entityType: auditLog.entityType,
              entityId: auditLog.entityId,
              createdAt: auditLog.createdAt,
            })
            .from(auditLog)
            .where(and(eq(auditLog.actorUserId, s.userId)))
            .orderBy(desc(auditLog.createdAt))
        : [],
  },
];

/** The whole document for the signed-in user `userId`. */
export async function exportUserData(
  db: Db,
  userId: string,
  now = new Date(),
  sections: readonly ExportSection[] = EXPORT_SECTIONS,
): Promise<Record<string, unknown>> {
  const [me] = await db
    .select({
      email: user.email,
      providerId: serviceProviders.id,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`,
    })
    .from(user)
    .leftJoin(serviceProviders, eq(serviceProviders.userId, user.id))
    .where(eq(user.id, userId));
  if (!me) throw unauthorized();
  const subject: ExportSubject = {
    userId,
    email: me.email,
    providerId: me.providerId ?? null,
    isAdmin: Boolean(me.isAdmin),
  };
  const document: Record<string, unknown> = {
    exportedAt: now.toISOString(),
    about:
      'Everything Matric Moments keeps about you, as required by the Protection of Personal Information Act (POPIA).',
    sections: Object.fromEntries(sections.map((s) => [s.key, s.about])),
  };
  // One section at a time: a PGlite database runs one query at a time anyway.
  for (const section of sections) document[section.key] = await section.load(db, subject);
  return document;
}
