/**
 * Erasing an account (issue 24, POPIA; decision 0056): the one service behind "Delete my account" and an
 * admin's user deletion. In one transaction: the user row goes, and with it by foreign-key cascade the
 * sessions, credentials, roles, profile, favourites, reads, Matric Guide requests and access log,
 * notification settings, mail addressed to the account and the provider record with its listings, images,
 * held changes, package requests, view marks and daily statistics. What stays is made anonymous first:
 * reviews lose their author, enquiries the user sent stay with the provider without the sender's name,
 * address and phone, the audit log names the account only by an opaque reference, and other people's mail
 * that quotes the user is dropped (unsent) or emptied (sent). Image files are removed after the commit; their
 * upload rows are first handed to the unclaimed-uploads clean-up, so a crash between the commit and the file
 * removal still ends with the files gone.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../domain/admin.ts';
import type { Role } from '../../../domain/constants.ts';
import { DELETED_SENDER_EMAIL, DELETED_SENDER_NAME } from '../../../domain/privacy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  enquiries,
  enquiryMessages,
  listingImages,
  listings,
  outbox,
  profiles,
  serviceProviders,
  uploads,
  user,
  userRoles,
  verification,
} from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { heldImageUrls } from '../provider-listings/held-changes.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account being erased, as its caller locked it. */
export interface ErasedAccount {
  id: string;
  email: string;
  name: string;
  fullName: string | null;
  roles: Role[];
}

/** How the audit log names an erased account: the same for every row about it, and not its id. */
export function erasedAccountRef(userId: string): string {
  return `erased:${createHash('sha256').update(`account|${userId}`).digest('hex').slice(0, 24)}`;
}

/** Refuses to leave the site without an admin: `userId` is an admin and the only one. */
export async function assertNotLastAdmin(tx: Tx, userId: string, message: string = ADMIN_MESSAGES.lastAdmin) {
  // Lock every admin role row (in one order, after the users' rows), so two concurrent removals of the
  // last two admins serialise.
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.userId))
    .for('update');
  if (admins.some((a) => a.userId === userId) && admins.length <= 1) throw conflict(message);
}

/** Replaces every occurrence of the account's id, address and name in a JSON value. */
function scrub(value: unknown, account: ErasedAccount, ref: string): unknown {
  if (typeof value === 'string') {
    const names = [account.name, account.fullName].filter((n): n is string => Boolean(n?.trim()));
    if (names.includes(value)) return DELETED_SENDER_NAME;
    return value
      .split(account.id)
      .join(ref)
      .replace(new RegExp(account.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ref);
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, account, ref));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, account, ref)]));
  }
  return value;
}

/** JSON that names the account: its id or address anywhere, or a string value equal to its name. */
function mentions(column: AnyColumn, account: ErasedAccount) {
  const names = [account.name, account.fullName].filter((n): n is string => Boolean(n?.trim()));
  return or(
    sql`strpos(${column}::text, ${account.id}) > 0`,
    sql`strpos(lower(${column}::text), lower(${account.email})) > 0`,
    ...names.map(
      (name) => sql`jsonb_path_exists(${column}, '$.** ? (@ == $n)', jsonb_build_object('n', ${name}::text))`,
    ),
  )!;
}

export interface ErasureSummary {
  /** Stored image files to remove once the transaction has committed. */
  files: string[];
  hadProvider: boolean;
  listingsRemoved: number;
}

/**
 * Erases `account` inside the caller's transaction, which has locked its user row (and checked who may).
 * Writes the audit row as `actor`, or without one when the account asked for its own deletion.
 */
export async function eraseAccount(
  tx: Tx,
  account: ErasedAccount,
  actor: Actor,
  now: Date,
  lastAdminMessage: string = ADMIN_MESSAGES.lastAdmin,
): Promise<ErasureSummary> {
  const ref = erasedAccountRef(account.id);
  if (account.roles.includes('admin')) await assertNotLastAdmin(tx, account.id, lastAdminMessage);

  // Files: the provider's listing images (and those of changes awaiting approval), logo, avatar, and
  // uploads never attached to anything.
  const [provider] = await tx
    .select({ id: serviceProviders.id, logoUrl: serviceProviders.logoUrl })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, account.id));
  const [profile] = await tx
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, account.id));
  const files: string[] = [];
  let listingsRemoved = 0;
  if (provider) {
    const images = await tx
      .select({ url: listingImages.imageUrl })
      .from(listingImages)
      .innerJoin(listings, eq(listings.id, listingImages.listingId))
      .where(eq(listings.serviceProviderId, provider.id));
    files.push(...images.map((i) => i.url), ...(await heldImageUrls(tx, { providerId: provider.id })));
    if (provider.logoUrl) files.push(provider.logoUrl);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.serviceProviderId, provider.id));
    listingsRemoved = Number(counted?.n ?? 0);
  }
  if (profile?.avatarUrl) files.push(profile.avatarUrl);
  const unclaimed = await tx
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.userId, account.id), sql`${uploads.claimedAt} is null`));
  files.push(...unclaimed.map((u) => u.url));
  const urls = [...new Set(files)];
  if (urls.length) {
    // Handed to the clean-up of unclaimed uploads (rows and files), should the removal after the commit
    // never happen; the uploader is forgotten either way.
    await tx
      .update(uploads)
      .set({ claimedAt: null, userId: null, createdAt: sql`now() - interval '2 days'` })
      .where(inArray(uploads.url, urls));
  }

  // Enquiries the user sent (signed in, or earlier from the same address) stay with their providers,
  // without the sender's details; so do the sender's words in the conversations.
  const sent = await tx
    .update(enquiries)
    .set({ userId: null, userName: DELETED_SENDER_NAME, userEmail: DELETED_SENDER_EMAIL, userPhone: null })
    .where(or(eq(enquiries.userId, account.id), sql`lower(${enquiries.userEmail}) = lower(${account.email})`))
    .returning({ id: enquiries.id });
  await tx
    .update(enquiryMessages)
    .set({ authorName: DELETED_SENDER_NAME })
    .where(
      or(
        and(eq(enquiryMessages.authorUserId, account.id), eq(enquiryMessages.authorSide, 'client')),
        sent.length
          ? and(
              inArray(
                enquiryMessages.enquiryId,
                sent.map((e) => e.id),
              ),
              eq(enquiryMessages.authorSide, 'client'),
            )
          : undefined,
      ),
    );

  // Mail: everything addressed to the user goes (sent or not); other people's mail that quotes the user
  // is dropped while unsent and emptied once sent.
  await tx
    .delete(outbox)
    .where(or(eq(outbox.userId, account.id), sql`lower(${outbox.recipient}) = lower(${account.email})`));
  await tx.delete(outbox).where(and(sql`${outbox.status} <> 'sent'`, mentions(outbox.payload, account)));
  await tx
    .update(outbox)
    .set({ payload: {} })
    .where(and(eq(outbox.status, 'sent'), mentions(outbox.payload, account)));

  // Sign-in links and tokens that name the account or its address.
  await tx
    .delete(verification)
    .where(
      or(
        sql`strpos(${verification.value}, ${account.id}) > 0`,
        sql`strpos(lower(${verification.identifier}), lower(${account.email})) > 0`,
        sql`strpos(lower(${verification.value}), lower(${account.email})) > 0`,
      ),
    );

  // The audit log keeps what happened, naming the account only by its reference.
  await tx.update(auditLog).set({ actorEmail: ref }).where(eq(auditLog.actorUserId, account.id));
  await tx.update(auditLog).set({ entityId: ref }).where(eq(auditLog.entityId, account.id));
  const named = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(or(mentions(auditLog.before, account), mentions(auditLog.after, account)));
  for (const row of named) {
    await tx
      .update(auditLog)
      .set({ before: scrub(row.before, account, ref), after: scrub(row.after, account, ref) })
      .where(eq(auditLog.id, row.id));
  }

  await tx.delete(user).where(eq(user.id, account.id));

  const selfService = actor.userId === account.id;
  await recordAudit(tx, selfService ? { userId: null, email: ref } : actor, {
    action: selfService ? 'account.self_delete' : 'user.delete',
    entityType: 'user',
    entityId: ref,
    before: {
      roles: [...account.roles].sort(),
      hadProvider: Boolean(provider),
      listingsRemoved,
      enquiriesAnonymised: sent.length,
      imagesRemoved: urls.length,
    },
    after: { at: now.toISOString() },
  });
  return { files: urls, hadProvider: Boolean(provider), listingsRemoved };
}
