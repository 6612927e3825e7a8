/**
 * The privacy policy and terms (decision 0055): consent at sign-up (refusals and records with the policy
 * version), the admin's edit (admins only, sanitised, dated only when the text changes, audited), the
 * public read, and the retention clean-up the privacy notice promises.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, LEGAL_MESSAGES, RETENTION_MONTHS } from '../../../domain/legal.ts';
import { auditLog, premiumAccessLogs, premiumContentAccess, user, userConsents } from '../../db/schema.ts';
import { runMaintenance } from '../../maintenance.ts';
import { createLocalStorage } from '../../storage/storage.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  admin = await createAdmin(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const signUpWith = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
const saveLegal = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/legal',
    headers: cookie ? { cookie } : {},
    payload,
  });
const accountsWith = async (email: string) =>
  (await t.database.db.select().from(user).where(eq(user.email, email))).length;

describe('consent at sign-up', () => {
  it.each([
    ['terms box missing', { guardianConsent: true }, CONSENT_MESSAGES.terms, 'acceptTerms'],
    [
      'terms box unticked',
      { acceptTerms: false, guardianConsent: true },
      CONSENT_MESSAGES.terms,
      'acceptTerms',
    ],
    ['guardian box missing', { acceptTerms: true }, CONSENT_MESSAGES.guardian, 'guardianConsent'],
    [
      'guardian box unticked',
      { acceptTerms: true, guardianConsent: false },
      CONSENT_MESSAGES.guardian,
      'guardianConsent',
    ],
    [
      'a string instead of true',
      { acceptTerms: 'yes', guardianConsent: true },
      CONSENT_MESSAGES.terms,
      'acceptTerms',
    ],
  ])(
    'refuses a sign-up with the %s (400, its message, nothing created)',
    async (_, consent, message, field) => {
      const email = uniqueEmail('noconsent');
      const res = await signUpWith({ fullName: 'No Consent', email, password: 'secret123', ...consent });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields[field]).toBe(message);
      expect(await accountsWith(email)).toBe(0);
    },
  );

  it('records both consents with the version of the policies in force, and a new version after an edit', async () => {
    const first = await signUp(t);
    const before = await t.database.db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, first.userId));
    expect(before.map((c) => c.kind).sort()).toEqual(['guardian', 'terms']);
    expect(before.every((c) => c.policyVersion === 'unpublished')).toBe(true);
    expect(before.every((c) => c.acceptedAt instanceof Date)).toBe(true);

    const saved = await saveLegal(admin.cookie, { privacy: '<p>Privacy v1</p>', terms: '<p>Terms v1</p>' });
    expect(saved.statusCode).toBe(200);
    const version = [saved.json().privacy.updatedAt, saved.json().terms.updatedAt].sort().at(-1);
    const second = await signUp(t);
    const after = await t.database.db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, second.userId));
    expect(after).toHaveLength(2);
    expect(after.every((c) => c.policyVersion === version)).toBe(true);
  });

  it('goes with the account (on delete cascade)', async () => {
    const account = await signUp(t);
    await t.database.db.delete(user).where(eq(user.id, account.userId));
    const left = await t.database.db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, account.userId));
    expect(left).toHaveLength(0);
  });

  it('refuses a kind the table does not know, in the database too', async () => {
    const account = await signUp(t);
    await expect(
      t.database.db.execute(
        sql`insert into user_consents (user_id, kind, policy_version) values (${account.userId}, 'marketing', 'x')`,
      ),
    ).rejects.toThrow();
  });
});

describe('the legal pages', () => {
  it('refuses the admin routes to a visitor (401), a user and a provider (403)', async () => {
    const member = await signUp(t);
    const provider = await createProvider(t);
    const body = { privacy: '<p>Hijacked</p>', terms: '<p>Hijacked</p>' };
    expect((await saveLegal(undefined, body)).statusCode).toBe(401);
    expect((await saveLegal(member.cookie, body)).statusCode).toBe(403);
    expect((await saveLegal(provider.cookie, body)).statusCode).toBe(403);
    for (const cookie of [member.cookie, provider.cookie]) {
      const read = await t.app.inject({ method: 'GET', url: '/api/admin/legal', headers: { cookie } });
      expect(read.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/legal' })).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/api/legal/privacy' });
    expect(page.json().html).not.toContain('Hijacked');
  });

  it('sanitises what an admin saves, serves it publicly with its date, and audits the change', async () => {
    const res = await saveLegal(admin.cookie, {
      privacy:
        '<h2>Your rights</h2><p onclick="steal()">Ask us.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
      terms: '<p>Terms v2</p><style>body{display:none}</style>',
    });
    expect(res.statusCode).toBe(200);
    const privacy = res.json().privacy;
    expect(privacy.html).toContain('<h2>Your rights</h2>');
    expect(privacy.html).toContain('Ask us.');
    for (const bad of ['<script', 'onclick', 'javascript:', 'onerror', 'steal()']) {
      expect(privacy.html).not.toContain(bad);
    }
    expect(res.json().terms.html).toBe('<p>Terms v2</p>');

    const pub = await t.app.inject({ method: 'GET', url: '/api/legal/privacy' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ kind: 'privacy', html: privacy.html, updatedAt: privacy.updatedAt });
    expect(Date.parse(pub.json().updatedAt)).not.toBeNaN();
    const content = await t.app.inject({ method: 'GET', url: '/api/content' });
    expect(content.json().legal).toBeUndefined();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'legal.update'), eq(auditLog.entityId, 'legal.privacy')));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits.at(-1)!.after)).not.toContain('<script');
  });

  it('gives a new date only to the document whose text changed', async () => {
    const first = (
      await saveLegal(admin.cookie, { privacy: '<p>Same</p>', terms: '<p>Old terms</p>' })
    ).json();
    const second = await saveLegal(admin.cookie, { privacy: '<p>Same</p>', terms: '<p>New terms</p>' });
    expect(second.statusCode).toBe(200);
    expect(second.json().privacy.updatedAt).toBe(first.privacy.updatedAt);
    expect(second.json().terms.updatedAt).not.toBe(first.terms.updatedAt);
    expect(second.json().terms.html).toBe('<p>New terms</p>');
  });

  it('refuses a document that is empty, or empty once sanitised, with its message', async () => {
    const blank = await saveLegal(admin.cookie, { privacy: '   ', terms: '<p>Terms</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(LEGAL_MESSAGES.privacyRequired);
    const onlyScript = await saveLegal(admin.cookie, {
      privacy: '<p>Fine</p>',
      terms: '<script>alert(1)</script>',
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().error.message).toBe(LEGAL_MESSAGES.termsRequired);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/legal/cookies' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('retention clean-up', () => {
  it(`deletes guide logs and rejected guide requests older than ${RETENTION_MONTHS} months, keeping the rest`, async () => {
    const db = t.database.db;
    const now = new Date();
    const old = new Date(now);
    old.setMonth(old.getMonth() - RETENTION_MONTHS - 1);
    const recent = new Date(now);
    recent.setMonth(recent.getMonth() - RETENTION_MONTHS + 1);

    const reader = await signUp(t);
    const [oldLog] = await db
      .insert(premiumAccessLogs)
      .values({ userId: reader.userId, accessedAt: old })
      .returning();
    const [recentLog] = await db
      .insert(premiumAccessLogs)
      .values({ userId: reader.userId, accessedAt: recent })
      .returning();
    // An old rejection followed by an approval: gone. A recent rejection: kept.
    const [oldRejected] = await db
      .insert(premiumContentAccess)
      .values({ userId: reader.userId, paymentStatus: 'rejected', purchasedAt: old, approvedAt: old })
      .returning();
    await db
      .insert(premiumContentAccess)
      .values({ userId: reader.userId, paymentStatus: 'approved', purchasedAt: recent, approvedAt: recent });
    const other = await signUp(t);
    const [recentRejected] = await db
      .insert(premiumContentAccess)
      .values({ userId: other.userId, paymentStatus: 'rejected', purchasedAt: recent, approvedAt: recent })
      .returning();
    // An old rejection that still decides access (latest, after an approval): kept.
    const revoked = await signUp(t);
    const older = new Date(old);
    older.setMonth(older.getMonth() - 1);
    await db
      .insert(premiumContentAccess)
      .values({ userId: revoked.userId, paymentStatus: 'approved', purchasedAt: older, approvedAt: older });
    const [deciding] = await db
      .insert(premiumContentAccess)
      .values({ userId: revoked.userId, paymentStatus: 'rejected', purchasedAt: old, approvedAt: old })
      .returning();

    await runMaintenance(db, createLocalStorage({ rootDir: `${t.config.dataDir}/uploads` }), now);

    const logIds = (await db.select({ id: premiumAccessLogs.id }).from(premiumAccessLogs)).map((r) => r.id);
    expect(logIds).not.toContain(oldLog!.id);
    expect(logIds).toContain(recentLog!.id);
    const requestIds = (await db.select({ id: premiumContentAccess.id }).from(premiumContentAccess)).map(
      (r) => r.id,
    );
    expect(requestIds).not.toContain(oldRejected!.id);
    expect(requestIds).toContain(recentRejected!.id);
    expect(requestIds).toContain(deciding!.id);
  });

  it('forgets listing view marks after the dedup window', async () => {
    const db = t.database.db;
    const provider = await createProvider(t);
    const listing = await createListing(db, provider.providerId, { images: 0 });
    const rows = [{ id: listing.id }];
    await db.execute(
      sql`insert into listing_view_marks (listing_id, visitor_key, counted_at)
          values (${rows[0]!.id}, 'old', now() - interval '13 months'), (${rows[0]!.id}, 'new', now())`,
    );
    await runMaintenance(db, createLocalStorage({ rootDir: `${t.config.dataDir}/uploads` }), new Date());
    const left = await db.execute(
      sql`select visitor_key from listing_view_marks where listing_id = ${rows[0]!.id}`,
    );
    expect((left as unknown as { rows: { visitor_key: string }[] }).rows.map((r) => r.visitor_key)).toEqual([
      'new',
    ]);
  });
});
