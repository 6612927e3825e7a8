/**
 * The conversation of an enquiry (issue 23): replies stored as messages, read marks, and the reply mail to
 * the other side. Only the enquiry's client (the account that sent it, or a verified account with the
 * address it was sent from), its provider and admins may read or write; to anyone else it does not exist
 * (404). A reply by the provider (or an admin) moves the enquiry to `replied`. See decision 0045.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { FAVORITE_MESSAGES } from '../../../domain/constants.ts';
import { DELETED_SENDER_EMAIL } from '../../../domain/privacy.ts';
import type {
  Conversation,
  EnquiryAuthorSide,
  EnquiryMessageView,
  EnquiryReply,
} from '../../../domain/engagement.ts';
import { isAdmin, type Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { enquiries, enquiryMessages, listings, serviceProviders, user } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { DEFAULT_SITE_NAME } from '../../mail/render.tsx';
import { accountOf, ENQUIRY_NOT_FOUND, providerRecipient } from './service.ts';

/** A transaction handle or the database. */
type Runner = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/** The name an admin's message shows: the site speaks. */
export const ADMIN_AUTHOR_NAME = `${DEFAULT_SITE_NAME} team`;

interface EnquiryParties {
  id: string;
  userId: string | null;
  userName: string;
  userEmail: string;
  serviceProviderId: string;
  providerUserId: string;
  businessName: string;
  listingTitle: string | null;
}

async function loadParties(db: Runner, enquiryId: string, lock: boolean): Promise<EnquiryParties | null> {
  const query = db
    .select({
      id: enquiries.id,
      userId: enquiries.userId,
      userName: enquiries.userName,
      userEmail: enquiries.userEmail,
      serviceProviderId: enquiries.serviceProviderId,
      providerUserId: serviceProviders.userId,
      businessName: serviceProviders.businessName,
      listingTitle: listings.title,
    })
    .from(enquiries)
    .innerJoin(serviceProviders, eq(serviceProviders.id, enquiries.serviceProviderId))
    .leftJoin(listings, eq(listings.id, enquiries.listingId))
    .where(eq(enquiries.id, enquiryId));
  // Replies to one enquiry queue up behind its row (only that row: the joined ones are not locked).
  const [row] = await (lock ? query.for('update', { of: enquiries }) : query);
  return row ?? null;
}

/**
 * Which side of the conversation the actor is on, or null when they may not see it: its provider, its
 * client (the sending account, or a verified account with the sending address), or an admin.
 */
async function sideOf(db: Runner, actor: Actor, e: EnquiryParties): Promise<EnquiryAuthorSide | null> {
  if (e.providerUserId === actor.userId) return 'provider';
  if (e.userId === actor.userId) return 'client';
  if (e.userId === null) {
    const account = await accountOf(db, actor.userId);
    if (account.verified && account.email.toLowerCase() === e.userEmail.toLowerCase()) return 'client';
  }
  if (isAdmin(actor)) return 'admin';
  return null;
}

async function partiesFor(
  db: Runner,
  actor: Actor,
  enquiryId: string,
  lock: boolean,
): Promise<{ enquiry: EnquiryParties; side: EnquiryAuthorSide }> {
  const enquiry = await loadParties(db, enquiryId, lock);
  const side = enquiry ? await sideOf(db, actor, enquiry) : null;
  if (!enquiry || !side) throw notFound(ENQUIRY_NOT_FOUND);
  return { enquiry, side };
}

function toMessageView(actor: Actor, row: typeof enquiryMessages.$inferSelect): EnquiryMessageView {
  return {
    id: row.id,
    authorSide: row.authorSide,
    authorName: row.authorName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    mine: row.authorUserId === actor.userId,
  };
}

/** The reader has seen every message up to `seq` (a mark never moves back). */
async function markSeen(db: Runner, enquiryId: string, userId: string, seq: SQL | number) {
  await db.execute(sql`
    insert into enquiry_reads as r (enquiry_id, user_id, last_seen_seq)
    values (${enquiryId}, ${userId}, ${seq})
    on conflict (enquiry_id, user_id) do update
      set last_seen_seq = greatest(r.last_seen_seq, excluded.last_seen_seq)`);
}

/** The messages after the enquiry itself, oldest first. */
export async function listConversation(db: Db, actor: Actor, enquiryId: string): Promise<Conversation> {
  await partiesFor(db, actor, enquiryId, false);
  const rows = await db
    .select()
    .from(enquiryMessages)
    .where(eq(enquiryMessages.enquiryId, enquiryId))
    .orderBy(asc(enquiryMessages.seq));
  return { items: rows.map((row) => toMessageView(actor, row)) };
}

/** The reader opened the conversation: every message so far is read (the unread mark goes). */
export async function markConversationRead(db: Db, actor: Actor, enquiryId: string): Promise<void> {
  await partiesFor(db, actor, enquiryId, false);
  await markSeen(
    db,
    enquiryId,
    actor.userId,
    sql`(select coalesce(max(seq), 0) from enquiry_messages where enquiry_id = ${enquiryId})`,
  );
}

interface Recipient {
  to: string;
  userId: string | null;
  name: string;
  hasAccount: boolean;
}

/**
 * Where the client hears of a reply: their account's address when it is verified; for an enquiry sent
 * without an account, a verified account with that address, or else the address itself, with the
 * invitation to create an account with it.
 */
async function clientRecipient(db: Runner, e: EnquiryParties): Promise<Recipient | null> {
  // The sender deleted their account (decision 0056): the enquiry stays, nobody is mailed.
  if (e.userEmail === DELETED_SENDER_EMAIL) return null;
  if (e.userId) {
    const account = await accountOf(db, e.userId);
    return account.verified
      ? { to: account.email, userId: e.userId, name: e.userName, hasAccount: true }
      : null;
  }
  const [owner] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(sql`lower(${user.email}) = lower(${e.userEmail})`, eq(user.emailVerified, true)))
    .limit(1);
  return owner
    ? { to: owner.email, userId: owner.id, name: e.userName, hasAccount: true }
    : { to: e.userEmail, userId: null, name: e.userName, hasAccount: false };
}

/**
 * Adds a reply, in one transaction with its effects: the enquiry moves to `replied` when the provider (or
 * an admin) writes, the author has read everything up to their own message, and the other side (both
 * sides, for an admin) is mailed.
 */
export async function addReply(
  db: Db,
  actor: Actor,
  enquiryId: string,
  input: EnquiryReply,
): Promise<EnquiryMessageView> {
  return db.transaction(async (tx) => {
    const { enquiry, side } = await partiesFor(tx, actor, enquiryId, true);
    const authorName =
      side === 'provider' ? enquiry.businessName : side === 'client' ? enquiry.userName : ADMIN_AUTHOR_NAME;
    const [row] = await tx
      .insert(enquiryMessages)
      .values({ enquiryId, authorUserId: actor.userId, authorSide: side, authorName, body: input.body })
      .returning();
    const message = row!;
    if (side !== 'client') {
      await tx
        .update(enquiries)
        .set({ status: 'replied', updatedAt: new Date() })
        .where(eq(enquiries.id, enquiryId));
    }
    await markSeen(tx, enquiryId, actor.userId, message.seq);

    const recipients: Recipient[] = [];
    if (side !== 'client') {
      const client = await clientRecipient(tx, enquiry);
      if (client) recipients.push(client);
    }
    if (side !== 'provider') {
      const provider = await providerRecipient(tx, enquiry.serviceProviderId);
      if (provider) {
        recipients.push({
          to: provider.email,
          userId: provider.userId,
          name: provider.businessName,
          hasAccount: true,
        });
      }
    }
    for (const recipient of recipients) {
      // An admin who is the recipient's own account is not mailed their own words.
      if (recipient.userId === actor.userId) continue;
      await enqueueMail(tx, {
        kind: 'conversation_reply',
        to: recipient.to,
        userId: recipient.userId,
        dedupeKey: `conversation_reply:${message.id}:${recipient.to.toLowerCase()}`,
        payload: {
          recipientName: recipient.name,
          authorName,
          enquiryId,
          listingTitle: enquiry.listingTitle ?? FAVORITE_MESSAGES.deletedListing,
          body: message.body,
          recipientHasAccount: recipient.hasAccount,
        },
      });
    }
    return toMessageView(actor, message);
  });
}
