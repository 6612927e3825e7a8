/**
 * Enquiries become conversations (issue 23): who may read and write replies (client, provider, other
 * provider, other user, anonymous, admin), validation, the rate limit, the status moving to `replied`,
 * oldest first, the unread mark, a visitor's enquiries appearing under a verified account with their
 * address, and the mail each step sends (received by the test SMTP sink): the new enquiry to the provider's
 * verified address with Reply-To the client, the reply to the other side, the visitor's invitation.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_MESSAGES, ENQUIRY_MESSAGES } from '../../../domain/engagement.ts';
import { enquiries, outbox, user } from '../../db/schema.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import {
  createTestApp,
  forgetVerificationMail,
  formGuardFields,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';
import { catchMail, type MailCatcher } from '../../test/mail-catcher.ts';
import { ADMIN_AUTHOR_NAME } from './conversation.ts';
import { REPLY_RATE_LIMIT } from './conversation-routes.ts';

const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
let mail: MailCatcher;
let provider: Awaited<ReturnType<typeof createProvider>>;
let otherProvider: Awaited<ReturnType<typeof createProvider>>;
let client: Awaited<ReturnType<typeof signUp>>;
let otherUser: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let listing: { id: string };

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

async function verify(userId: string, verified = true) {
  await t.database.db.update(user).set({ emailVerified: verified }).where(eq(user.id, userId));
}

async function enquire(
  opts: { cookie?: string; email?: string; name?: string; phone?: string } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress: nextIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: {
      ...formGuardFields(t),
      name: opts.name ?? 'Thandi Mokoena',
      email: opts.email ?? 'thandi@example.com',
      phone: opts.phone ?? '082 555 0101',
      message: 'Is the Rolls free on 28 November?',
      listingId: listing.id,
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

const messages = (cookie: string | undefined, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/enquiries/${id}/messages`,
    headers: cookie ? { cookie } : {},
  });

const reply = (cookie: string | undefined, id: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/enquiries/${id}/messages`,
    headers: cookie ? { cookie } : {},
    payload: typeof body === 'string' ? { body } : (body as object),
  });

const markRead = (cookie: string | undefined, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/enquiries/${id}/read`, headers: cookie ? { cookie } : {} });

async function listed(cookie: string, id: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/enquiries', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    items: { id: string; unread: boolean; messageCount: number; status: string }[];
    emailVerified: boolean;
  };
  return { item: body.items.find((e) => e.id === id), emailVerified: body.emailVerified };
}

/** Sends everything in the outbox to the sink and returns what arrived. */
const drainMail = () => mail.deliver();

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

const text20 = 'A reply of at least ten characters.';

beforeAll(async () => {
  t = await createTestApp();
  mail = await catchMail(t);
  await seedReferenceData(t.database.db);
  provider = await createProvider(t, { businessName: 'Elite Arrivals' });
  otherProvider = await createProvider(t, { businessName: 'Other Co' });
  await verify(provider.userId);
  listing = await createListing(t.database.db, provider.providerId, { title: 'Rolls-Royce Ghost' });
  client = await signUp(t, { fullName: 'Thandi Mokoena' });
  otherUser = await signUp(t);
  admin = await createAdmin(t);
});
afterEach(async () => {
  await t.database.db.delete(outbox);
  mail.clear();
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

describe('who may read and write a conversation', () => {
  it('the client, the provider and an admin may; another provider, another user and anonymous may not', async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });

    // Anonymous: 401 on every route, before anything is read.
    for (const res of [
      await messages(undefined, id),
      await reply(undefined, id, text20),
      await markRead(undefined, id),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    // Another provider and another user: the enquiry does not exist for them.
    for (const cookie of [otherProvider.cookie, otherUser.cookie]) {
      expect((await messages(cookie, id)).statusCode).toBe(404);
      expect((await reply(cookie, id, text20)).statusCode).toBe(404);
      expect((await markRead(cookie, id)).statusCode).toBe(404);
    }
    expect((await messages(client.cookie, id)).json()).toEqual({ items: [] });

    const byProvider = await reply(provider.cookie, id, 'Yes, it is free that evening.');
    expect(byProvider.statusCode).toBe(201);
    expect(byProvider.json()).toMatchObject({
      authorSide: 'provider',
      authorName: 'Elite Arrivals',
      mine: true,
    });
    const byClient = await reply(client.cookie, id, 'Wonderful, how much for five hours?');
    expect(byClient.statusCode).toBe(201);
    expect(byClient.json()).toMatchObject({ authorSide: 'client', authorName: 'Thandi Mokoena' });
    const byAdmin = await reply(admin.cookie, id, 'We are here if you need help.');
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ authorSide: 'admin', authorName: ADMIN_AUTHOR_NAME });

    // Everyone allowed reads the same conversation, oldest first; nothing was written by the refused.
    for (const cookie of [client.cookie, provider.cookie, admin.cookie]) {
      const res = await messages(cookie, id);
      expect(res.statusCode).toBe(200);
      const items = (res.json() as { items: { body: string; authorSide: string; mine: boolean }[] }).items;
      expect(items.map((m) => m.authorSide)).toEqual(['provider', 'client', 'admin']);
      expect(items.map((m) => m.body)).toEqual([
        'Yes, it is free that evening.',
        'Wonderful, how much for five hours?',
        'We are here if you need help.',
      ]);
    }
    const forClient = (await messages(client.cookie, id)).json() as { items: { mine: boolean }[] };
    expect(forClient.items.map((m) => m.mine)).toEqual([false, true, false]);
  });

  it('a visitor’s enquiry has no client account: only the provider and admins until an account verifies that address', async () => {
    const email = uniqueEmail('guest');
    const id = await enquire({ email });
    const sameAddress = await signUp(t, { email });
    // Not verified yet: not theirs.
    expect((await messages(sameAddress.cookie, id)).statusCode).toBe(404);
    expect((await listed(sameAddress.cookie, id)).item).toBeUndefined();
    expect((await listed(sameAddress.cookie, id)).emailVerified).toBe(false);

    const stats = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/dashboard/stats',
            headers: { cookie: sameAddress.cookie },
          })
        ).json() as { enquiries: number }
      ).enquiries;
    expect(await stats()).toBe(0);

    await verify(sameAddress.userId);
    // The dashboard counts what 'My Enquiries' lists.
    expect(await stats()).toBe(1);
    const seen = await listed(sameAddress.cookie, id);
    expect(seen.item).toBeDefined();
    expect(seen.emailVerified).toBe(true);
    expect((await messages(sameAddress.cookie, id)).statusCode).toBe(200);
    const res = await reply(sameAddress.cookie, id, 'Now I have an account, thank you.');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ authorSide: 'client' });
    // Still nobody else's.
    expect((await messages(otherUser.cookie, id)).statusCode).toBe(404);
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await messages(client.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await reply(client.cookie, '00000000-0000-4000-8000-000000000000', text20)).statusCode).toBe(404);
  });
});

describe('replies', () => {
  it('are validated like the enquiry message, with the same messages', async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });
    const short = await reply(provider.cookie, id, '   too short  ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.body).toBe(ENQUIRY_MESSAGES.messageMin);
    const long = await reply(provider.cookie, id, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.body).toBe(ENQUIRY_MESSAGES.messageMax);
    expect((await reply(provider.cookie, id, {})).statusCode).toBe(400);
    const exact = await reply(provider.cookie, id, `  ${'y'.repeat(1000)}  `);
    expect(exact.statusCode).toBe(201);
    expect((exact.json() as { body: string }).body).toBe('y'.repeat(1000));
  });

  it('by the provider move the enquiry to replied; the client’s own do not', async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });
    const status = async () =>
      (await t.database.db.select({ s: enquiries.status }).from(enquiries).where(eq(enquiries.id, id)))[0]!.s;
    await reply(client.cookie, id, 'Adding a detail: we are six people.');
    expect(await status()).toBe('new');
    await reply(provider.cookie, id, 'Six fits comfortably, no problem.');
    expect(await status()).toBe('replied');
    // Even from archived, a reply brings it back to replied.
    await t.database.db.update(enquiries).set({ status: 'archived' }).where(eq(enquiries.id, id));
    await reply(provider.cookie, id, 'Following up on your question.');
    expect(await status()).toBe('replied');
  });

  it(`are rate limited to ${REPLY_RATE_LIMIT.perUser} a minute per account`, async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });
    try {
      const writer = await signUp(t);
      const own = await enquire({ cookie: writer.cookie, email: writer.email });
      for (let i = 0; i < REPLY_RATE_LIMIT.perUser; i++) {
        expect((await reply(writer.cookie, own, `Message number ${i} here.`)).statusCode).toBe(201);
      }
      const refused = await reply(writer.cookie, own, 'One message too many.');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(CONVERSATION_MESSAGES.tooMany);
      expect(refused.headers['retry-after']).toBe('60');
      // Another account is not affected.
      expect((await reply(client.cookie, id, text20)).statusCode).toBe(201);
      vi.setSystemTime(Date.now() + REPLY_RATE_LIMIT.windowMs);
      expect((await reply(writer.cookie, own, 'A minute later it works.')).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the unread mark', () => {
  it('shows a message from the other side until the reader opens the conversation', async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });
    expect((await listed(client.cookie, id)).item).toMatchObject({ unread: false, messageCount: 0 });

    await reply(provider.cookie, id, 'Yes, it is free that evening.');
    expect((await listed(client.cookie, id)).item).toMatchObject({ unread: true, messageCount: 1 });
    // The author's own message is never unread for them.
    expect((await listed(provider.cookie, id)).item).toMatchObject({ unread: false, messageCount: 1 });

    expect((await markRead(client.cookie, id)).statusCode).toBe(204);
    expect((await listed(client.cookie, id)).item).toMatchObject({ unread: false });

    // The client answers: now the provider has something unread, and answering clears the client's mark.
    await reply(provider.cookie, id, 'And the price is R6 500.');
    expect((await listed(client.cookie, id)).item?.unread).toBe(true);
    await reply(client.cookie, id, 'Perfect, we will book it.');
    expect((await listed(client.cookie, id)).item?.unread).toBe(false);
    expect((await listed(provider.cookie, id)).item?.unread).toBe(true);
    await markRead(provider.cookie, id);
    expect((await listed(provider.cookie, id)).item?.unread).toBe(false);
  });
});

describe('mail', () => {
  it('a new enquiry reaches the provider’s verified address with the client’s details, Reply-To and a link', async () => {
    const id = await enquire({
      name: 'Lindiwe Dlamini',
      email: 'lindiwe@example.com',
      phone: '082 555 0199',
    });
    const received = await drainMail();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.recipients).toEqual([provider.email]);
    expect(mail!.parsed.subject).toBe('New enquiry about Rolls-Royce Ghost');
    expect(mail!.parsed.replyTo?.text).toContain('lindiwe@example.com');
    const text = mail!.parsed.text ?? '';
    for (const part of [
      'Lindiwe Dlamini',
      'lindiwe@example.com',
      '082 555 0199',
      'Is the Rolls free on 28 November?',
    ]) {
      expect(text).toContain(part);
    }
    expect(hrefs(String(mail!.parsed.html))).toContain(`${PUBLIC_URL}/dashboard/enquiries?enquiry=${id}`);
  });

  it('an unverified provider gets no mail and the list says their address is unverified', async () => {
    const unverified = await createProvider(t, { businessName: 'Unverified Co' });
    const theirs = await createListing(t.database.db, unverified.providerId, { title: 'Garden Venue' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      remoteAddress: nextIp(),
      payload: {
        ...formGuardFields(t),
        name: 'Guest',
        email: 'guest@example.com',
        message: 'Is the venue free in March?',
        listingId: theirs.id,
      },
    });
    expect(res.statusCode).toBe(201);
    await forgetVerificationMail(t.database);
    const row = await t.database.db.select().from(outbox);
    expect(row).toHaveLength(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/enquiries',
      headers: { cookie: unverified.cookie },
    });
    expect(list.json()).toMatchObject({ emailVerified: false, total: 1 });
    expect((await drainMail()).length).toBe(0);
  });

  it('a provider’s reply reaches a visitor at the address they gave, inviting them to create an account', async () => {
    const email = uniqueEmail('visitor');
    const id = await enquire({ email, name: 'Visitor Person' });
    await t.database.db.delete(outbox);
    await reply(provider.cookie, id, 'Hi, the car is free on that day.');
    const received = await drainMail();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Elite Arrivals replied about Rolls-Royce Ghost');
    expect(mail!.parsed.text).toContain('Hi, the car is free on that day.');
    const html = String(mail!.parsed.html);
    expect(html).toContain(CONVERSATION_MESSAGES.guestLink);
    const link = hrefs(html).find((h) => h.startsWith(`${PUBLIC_URL}/auth?redirect=`));
    expect(decodeURIComponent(link!.split('redirect=')[1]!)).toBe(`/dashboard/enquiries?enquiry=${id}`);
  });

  it('a reply reaches the other side’s verified account; an unverified client account gets none', async () => {
    const id = await enquire({ cookie: client.cookie, email: client.email });
    await t.database.db.delete(outbox);

    // The client's address is not verified: the provider's reply is only on screen.
    await reply(provider.cookie, id, 'Yes, it is free that evening.');
    expect(await drainMail()).toHaveLength(0);

    await verify(client.userId);
    try {
      await reply(provider.cookie, id, 'And the price is R6 500.');
      await reply(client.cookie, id, 'Perfect, we will book it.');
      const received = await drainMail();
      expect(received).toHaveLength(2);
      const toClient = received.find((m) => m.recipients[0] === client.email)!;
      expect(toClient.parsed.text).toContain('And the price is R6 500.');
      expect(String(toClient.parsed.html)).toContain('View the conversation');
      expect(hrefs(String(toClient.parsed.html))).toContain(
        `${PUBLIC_URL}/dashboard/enquiries?enquiry=${id}`,
      );
      const toProvider = received.find((m) => m.recipients[0] === provider.email)!;
      expect(toProvider.parsed.subject).toBe('Thandi Mokoena replied about Rolls-Royce Ghost');
      expect(toProvider.parsed.text).toContain('Perfect, we will book it.');
    } finally {
      await verify(client.userId, false);
    }
  });

  it('an admin’s message reaches both sides; a refused reply sends nothing', async () => {
    const email = uniqueEmail('visitor');
    const id = await enquire({ email });
    await t.database.db.delete(outbox);
    await reply(admin.cookie, id, 'We are here if you need help.');
    await reply(otherProvider.cookie, id, 'Not my enquiry to answer.');
    await reply(provider.cookie, id, 'short');
    const received = await drainMail();
    expect(received.map((m) => m.recipients[0]).sort()).toEqual([email, provider.email].sort());
    expect(
      received.every((m) => m.parsed.subject === `${ADMIN_AUTHOR_NAME} replied about Rolls-Royce Ghost`),
    ).toBe(true);
  });
});
