/**
 * Spam and abuse protection (issue 24, decision 0059): the form guard (honeypot, minimum fill time, signed
 * token) on the enquiry and sign-up forms, the limits per email address, and link-only text refused in
 * enquiries, conversation replies and review comments.
 */
import { PassThrough } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpResponseSchema } from '../domain/auth.ts';
import { ENQUIRY_MESSAGES } from '../domain/engagement.ts';
import { FORM_GUARD, FORM_GUARD_MESSAGES, LINK_ONLY_MESSAGES } from '../domain/spam.ts';
import { enquiries, enquiryMessages, outbox, reviews, user } from './db/schema.ts';
import { DEFAULT_RATE_LIMITS } from './env.ts';
import { signFormToken } from './plugins/form-guard.ts';
import { createListing, createProvider, seedReferenceData } from './test/fixtures.ts';
import {
  createTestApp,
  forgetVerificationMail,
  formGuardFields,
  SIGN_UP_CONSENT,
  signUp,
  uniqueEmail,
  type TestApp,
} from './test/helpers.ts';

let t: TestApp;
let provider: Awaited<ReturnType<typeof createProvider>>;
let listingId: string;
const lines: string[] = [];
const logs = new PassThrough();
logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.59.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const enquiry = (extra: Record<string, unknown> = {}) => ({
  name: 'Thandi Mokoena',
  email: uniqueEmail('client'),
  phone: '082 555 0101',
  message: 'Is the Rolls free on 28 November?',
  listingId,
  ...formGuardFields(t),
  ...extra,
});

function sendEnquiry(body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/enquiries', remoteAddress: ip, payload: body });
}

function sendSignUp(body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    payload: {
      fullName: 'Sipho Ndlovu',
      password: 'secret123',
      ...formGuardFields(t),
      ...SIGN_UP_CONSENT,
      ...body,
    },
  });
}

async function enquiryRows(email: string) {
  return t.database.db.select().from(enquiries).where(eq(enquiries.userEmail, email));
}

async function outboxCount() {
  const [row] = await t.database.db.select({ n: count() }).from(outbox);
  return row!.n;
}

async function trappedMetric(form: string, reason: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`mm_form_submissions_trapped_total{form="${form}",reason="${reason}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const trappedLines = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'form_trapped');

beforeAll(async () => {
  t = await createTestApp(
    {
      logLevel: 'info',
      // The real limits per email address; per IP every request here has its own address.
      rateLimits: { ...DEFAULT_RATE_LIMITS, signUpPerIp: 1000 },
    },
    { logStream: logs },
  );
  await seedReferenceData(t.database.db);
  provider = await createProvider(t, { packageType: 'premium', businessName: 'Elite Arrivals' });
  // Verified, so a real enquiry writes its mail to the outbox.
  await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, provider.userId));
  listingId = (await createListing(t.database.db, provider.providerId)).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('the form guard on enquiries', () => {
  it('a person’s enquiry is stored and mailed to the provider', async () => {
    await t.database.db.delete(outbox);
    const body = enquiry();
    const res = await sendEnquiry(body);
    expect(res.statusCode).toBe(201);
    const rows = await enquiryRows(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(res.json().id);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry_received'));
    expect(mails).toHaveLength(1);
  });

  it.each([
    ['honeypot', { website: 'https://cheap-pills.example' }],
    ['too-fast', { formToken: 'fresh' }],
    ['forged', { formToken: 'signed-elsewhere' }],
    ['forged', { formToken: 'not-a-token' }],
  ] as const)(
    'a trapped submission (%s) gets the same answer and stores and sends nothing',
    async (reason, extra) => {
      await t.database.db.delete(outbox);
      const tokens: Record<string, string> = {
        fresh: signFormToken(t.config.authSecret, Date.now() - 1000),
        'signed-elsewhere': signFormToken('another-secret-another-secret-0123456789', Date.now() - 60_000),
        'not-a-token': 'abc.def',
      };
      const body = enquiry(
        'formToken' in extra ? { formToken: tokens[extra.formToken] } : { website: extra.website },
      );
      const before = await trappedMetric('enquiry', reason);
      const logged = trappedLines().length;
      const res = await sendEnquiry(body);
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json())).toEqual(['id']);
      expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await enquiryRows(body.email)).toHaveLength(0);
      expect(await outboxCount()).toBe(0);
      expect(await trappedMetric('enquiry', reason)).toBe(before + 1);
      const newLines = trappedLines().slice(logged);
      expect(newLines).toHaveLength(1);
      expect(newLines[0]).toMatchObject({ event: 'form_trapped', form: 'enquiry', reason });
      // The log names the form and the reason, not the sender.
      expect(JSON.stringify(newLines[0])).not.toContain(body.email);
    },
  );

  it('a token from GET /api/form-token counts from its issue: too soon is dropped, 3 seconds later is stored', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const tokenRes = await t.app.inject({ method: 'GET', url: '/api/form-token' });
    expect(tokenRes.statusCode).toBe(200);
    expect(tokenRes.headers['cache-control']).toContain('no-store');
    const { token } = tokenRes.json() as { token: string };

    vi.setSystemTime(new Date(Date.parse('2026-11-27T10:00:00Z') + FORM_GUARD.minFillMs - 1));
    const early = enquiry({ formToken: token });
    expect((await sendEnquiry(early)).statusCode).toBe(201);
    expect(await enquiryRows(early.email)).toHaveLength(0);

    vi.setSystemTime(new Date(Date.parse('2026-11-27T10:00:00Z') + FORM_GUARD.minFillMs));
    const onTime = enquiry({ formToken: token });
    expect((await sendEnquiry(onTime)).statusCode).toBe(201);
    expect(await enquiryRows(onTime.email)).toHaveLength(1);
  });

  it('a token older than a day is refused with a message a person can act on; none at all is a 400 too', async () => {
    const old = enquiry({
      formToken: signFormToken(t.config.authSecret, Date.now() - FORM_GUARD.tokenMaxAgeMs - 1000),
    });
    const expired = await sendEnquiry(old);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields.formToken).toBe(FORM_GUARD_MESSAGES.expired);
    const { formToken: _dropped, ...withoutToken } = enquiry();
    const missing = await sendEnquiry(withoutToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.formToken).toBe(FORM_GUARD_MESSAGES.missing);
    expect(await enquiryRows(old.email)).toHaveLength(0);
  });
});

describe('the limit per email address on enquiries', () => {
  it('refuses the 11th enquiry in an hour from one address, from any client address and however written', async () => {
    const email = uniqueEmail('busy');
    const [local, domain] = email.split('@');
    const spellings = [email, email.toUpperCase(), `${local}+farewell@${domain}`, ` ${email} `];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.enquiriesPerEmail; i++) {
      const res = await sendEnquiry(enquiry({ email: spellings[i % spellings.length] }));
      expect(res.statusCode).toBe(201);
    }
    const refused = await sendEnquiry(enquiry({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ENQUIRY_MESSAGES.tooManyForEmail);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address from a new client goes through.
    expect((await sendEnquiry(enquiry())).statusCode).toBe(201);
  });
});

describe('the form guard on sign-up', () => {
  it.each([
    ['honeypot', () => ({ website: 'spam' })],
    ['too-fast', () => ({ formToken: signFormToken(t.config.authSecret, Date.now()) })],
    ['forged', () => ({ formToken: signFormToken('not-our-secret-not-our-secret-0123456789', 0) })],
  ] as const)(
    'a trapped sign-up (%s) answers 201 shaped like an account and creates nothing',
    async (reason, extra) => {
      await t.database.db.delete(outbox);
      const email = uniqueEmail('bot');
      const before = await trappedMetric('sign-up', reason);
      const res = await sendSignUp({ email, ...extra() });
      expect(res.statusCode).toBe(201);
      const answer = signUpResponseSchema.parse(res.json());
      expect(answer.me.user.email).toBe(email);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
      expect(await outboxCount()).toBe(0);
      expect(await trappedMetric('sign-up', reason)).toBe(before + 1);
      // Nothing was kept: the person behind the address can still sign up.
      const real = await sendSignUp({ email });
      expect(real.statusCode).toBe(201);
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    },
  );

  it('refuses the 6th sign-up for one email address in an hour from any client address', async () => {
    const email = uniqueEmail('taken');
    expect((await sendSignUp({ email })).statusCode).toBe(201);
    for (let i = 1; i < DEFAULT_RATE_LIMITS.signUpPerEmail; i++) {
      expect((await sendSignUp({ email: email.toUpperCase() })).statusCode).toBe(409);
    }
    const refused = await sendSignUp({ email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many sign-up attempts for this email address. Please try again in an hour.',
    );
    expect((await sendSignUp({ email: uniqueEmail() })).statusCode).toBe(201);
  });
});

describe('text of nothing but links', () => {
  const onlyLinks = 'https://cheap.example/offer   www.spam.example\n<bit.ly/abc>, mailto:x@y.example';

  it('is refused in an enquiry message; a message with a link in it is stored as written', async () => {
    const res = await sendEnquiry(enquiry({ message: onlyLinks }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.message).toBe(LINK_ONLY_MESSAGES.message);
    const withText = enquiry({ message: 'Our venue is https://venue.example/hall — free on 14 March?' });
    expect((await sendEnquiry(withText)).statusCode).toBe(201);
    const [row] = await enquiryRows(withText.email);
    expect(row!.message).toBe('Our venue is https://venue.example/hall — free on 14 March?');
  });

  it('is refused in a conversation reply', async () => {
    const sent = await sendEnquiry(enquiry());
    const id = (sent.json() as { id: string }).id;
    const reply = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/enquiries/${id}/messages`,
        headers: { cookie: provider.cookie },
        payload: { body },
      });
    const refused = await reply('http://elite-arrivals.example https://wa.me/27825550101');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.body).toBe(LINK_ONLY_MESSAGES.message);
    expect(
      await t.database.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, id)),
    ).toHaveLength(0);
    expect((await reply('Yes, we are free. See https://elite-arrivals.example')).statusCode).toBe(201);
  });

  it('is refused in a review comment, on create and on edit', async () => {
    const author = await signUp(t);
    await forgetVerificationMail(t.database);
    const post = (comment: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${listingId}/reviews`,
        headers: { cookie: author.cookie },
        payload: { rating: 5, comment },
      });
    const refused = await post('www.other-photographer.example');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.comment).toBe(LINK_ONLY_MESSAGES.comment);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.userId, author.userId))).toHaveLength(
      0,
    );
    const created = await post('Lovely photos, see them on https://photos.example/ours');
    expect(created.statusCode).toBe(201);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/reviews/${created.json().review.id}`,
      headers: { cookie: author.cookie },
      payload: { rating: 4, comment: 'https://photos.example/ours' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields.comment).toBe(LINK_ONLY_MESSAGES.comment);
  });
});
