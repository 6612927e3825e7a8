/**
 * Who wants which mail: a user's switch per notification category (`notification_settings`, no row means
 * on), the categories an address without an account turned off (`mail_opt_outs`), and the signed
 * unsubscribe tokens of the one-click links (RFC 8058). A token names an account or an address's hash and a
 * category and is signed with HMAC-SHA256 under a key derived from AUTH_SECRET; it does not expire (an
 * unsubscribe link in an old email must still work) and can only ever turn its one category off.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  categoriesFor,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_INFO,
  type NotificationCategory,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '../../domain/notifications.ts';
import type { Actor } from '../auth/policy.ts';
import type { Db } from '../db/client.ts';
import { mailOptOuts, notificationSettings, user } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** An account, or an address without one (as its hash: links and logs never carry the address). */
export type UnsubscribeSubject = { userId: string } | { addressHash: string };

/** How an address without an account is known to the opt-outs: SHA-256 of its trimmed lower-case form. */
export function addressHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export interface UnsubscribeClaim {
  subject: UnsubscribeSubject;
  category: NotificationCategory;
}

const TOKEN_VERSION = 1;

/** A key of its own for unsubscribe tokens, derived from the auth secret (never the secret itself). */
function tokenKey(secret: string): Buffer {
  return createHash('sha256').update(`matric-moments/unsubscribe/v${TOKEN_VERSION}\0${secret}`).digest();
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', tokenKey(secret)).update(body).digest('base64url');
}

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(
    JSON.stringify({
      v: TOKEN_VERSION,
      c: claim.category,
      ...('userId' in claim.subject ? { u: claim.subject.userId } : { a: claim.subject.addressHash }),
    }),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The claim of a token this server signed, or null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  if (token.length > 1000) return null;
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (data.v !== TOKEN_VERSION) return null;
    if (!(NOTIFICATION_CATEGORIES as readonly unknown[]).includes(data.c)) return null;
    const category = data.c as NotificationCategory;
    if (typeof data.u === 'string' && data.u) return { subject: { userId: data.u }, category };
    if (typeof data.a === 'string' && /^[0-9a-f]{64}$/.test(data.a)) {
      return { subject: { addressHash: data.a }, category };
    }
    return null;
  } catch {
    return null;
  }
}

/** Turns the claim's category off; idempotent. An account deleted since the mail was sent: nothing to do. */
export async function unsubscribe(db: Db, claim: UnsubscribeClaim): Promise<void> {
  if ('userId' in claim.subject) {
    const { userId } = claim.subject;
    await db.execute(sql`
      insert into notification_settings (user_id, category, enabled)
      select ${userId}, ${claim.category}, false where exists (select 1 from ${user} where id = ${userId})
      on conflict (user_id, category) do update set enabled = false, updated_at = now()`);
    return;
  }
  await db
    .insert(mailOptOuts)
    .values({ addressHash: claim.subject.addressHash, category: claim.category })
    .onConflictDoNothing();
}

export async function getNotificationSettings(db: Db, actor: Actor): Promise<NotificationSettings> {
  const rows = await db
    .select({ category: notificationSettings.category, enabled: notificationSettings.enabled })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, actor.userId));
  const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.category));
  return {
    settings: categoriesFor(actor.role).map((category) => ({
      category,
      label: NOTIFICATION_CATEGORY_INFO[category].label,
      description: NOTIFICATION_CATEGORY_INFO[category].description,
      enabled: !off.has(category),
    })),
  };
}

export const SETTING_NOT_AVAILABLE = 'This notification setting is not available to your account';

/** Saves the switches the user changed; a category their role does not receive is refused (400). */
export async function updateNotificationSettings(
  db: Db,
  actor: Actor,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const allowed = new Set(categoriesFor(actor.role));
  const refused = update.settings.find((s) => !allowed.has(s.category));
  if (refused) throw badRequest(SETTING_NOT_AVAILABLE, { settings: SETTING_NOT_AVAILABLE });
  await db.transaction(async (tx) => {
    for (const setting of update.settings) {
      await tx
        .insert(notificationSettings)
        .values({ userId: actor.userId, category: setting.category, enabled: setting.enabled })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.category],
          set: { enabled: setting.enabled, updatedAt: sql`now()` },
        });
    }
  });
  return getNotificationSettings(db, actor);
}

/** Whether mail of this category reaches this account (tests and callers that want to say why not). */
export async function isCategoryEnabled(db: Db, userId: string, category: NotificationCategory) {
  const [row] = await db
    .select({ enabled: notificationSettings.enabled })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.category, category)));
  return row?.enabled ?? true;
}
