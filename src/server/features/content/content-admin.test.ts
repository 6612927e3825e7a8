/**
 * Site content administration: every admin content route refused to anonymous, user and provider; sections
 * saved in one transaction with an audit row and visible at once on the public API; FAQ, banner and
 * social-link ordering (both ends, after deletions); validation messages; image refusals that leave the
 * content as it was; the public endpoints' freshness.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, nothingToChangeMessage } from '../../../domain/content.ts';
import { UPLOAD_ERRORS, UPLOAD_MESSAGES } from '../../../domain/images.ts';
import { auditLog, faqs, heroBanners, pageContent, socialLinks } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { createAdmin, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, isStored, multipart, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let png: Buffer;
let user: Awaited<ReturnType<typeof signUp>>;
let provider: Awaited<ReturnType<typeof createProvider>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 640, height: 400, seed: 5, label: 'b' });
  user = await signUp(t);
  provider = await createProvider(t);
  admin = await createAdmin(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
const ok = async (method: Method, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

const variantFiles = (url: string) =>
  [400, 800, 1600].map((w) =>
    path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`)),
  );

const ID = '00000000-0000-4000-8000-000000000000';
const ROUTES: [Method, string, unknown?][] = [
  ['GET', '/api/admin/content'],
  ['PUT', '/api/admin/content/hero', { heading: 'Hi' }],
  ['PUT', '/api/admin/site-logo', { imageUrl: '/uploads/site-assets/x-800.webp' }],
  ['DELETE', '/api/admin/site-logo'],
  ['GET', '/api/admin/faqs'],
  ['POST', '/api/admin/faqs', { question: 'Q', answer: 'A' }],
  ['PUT', '/api/admin/faqs', { items: [] }],
  ['PATCH', `/api/admin/faqs/${ID}`, { isActive: false }],
  ['POST', `/api/admin/faqs/${ID}/move`, { direction: 'up' }],
  ['DELETE', `/api/admin/faqs/${ID}`],
  ['GET', '/api/admin/hero-banners'],
  ['POST', '/api/admin/hero-banners', { imageUrl: '/uploads/hero-banners/x-800.webp' }],
  ['PATCH', `/api/admin/hero-banners/${ID}`, { isActive: false }],
  ['POST', `/api/admin/hero-banners/${ID}/move`, { direction: 'up' }],
  ['DELETE', `/api/admin/hero-banners/${ID}`],
  ['GET', '/api/admin/social-links'],
  ['POST', '/api/admin/social-links', { platform: 'facebook', url: 'https://facebook.com/x' }],
  ['PATCH', `/api/admin/social-links/${ID}`, { isActive: false }],
  ['POST', `/api/admin/social-links/${ID}/move`, { direction: 'up' }],
  ['DELETE', `/api/admin/social-links/${ID}`],
];

describe('access', () => {
  it.each(ROUTES)('%s %s: 401 signed out, 403 for a user and a provider', async (method, url, body) => {
    expect((await call(method, url, body, '')).statusCode).toBe(401);
    expect((await call(method, url, body, user.cookie)).statusCode).toBe(403);
    expect((await call(method, url, body, provider.cookie)).statusCode).toBe(403);
  });

  it('changes nothing when refused', async () => {
    const before = (await t.database.db.select().from(faqs)).length;
    await call('POST', '/api/admin/faqs', { question: 'Q', answer: 'A' }, provider.cookie);
    expect((await t.database.db.select().from(faqs)).length).toBe(before);
  });
});

describe('sections', () => {
  it('saves the hero in one go, visible at once on the public content API, with an audit row', async () => {
    const hero = {
      heading: '  Plan the night of your life  ',
      subheading: 'Everything for matric farewells',
      stat_providers: '600',
      stat_provinces: '9',
      stat_clients: '12k',
    };
    const saved = await ok('PUT', '/api/admin/content/hero', hero);
    expect(saved.hero).toEqual({ ...hero, heading: 'Plan the night of your life' });
    const pub = await call('GET', '/api/content', undefined, '');
    expect(pub.json().hero.heading).toBe('Plan the night of your life');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'content.update'));
    expect(audits.at(-1)).toMatchObject({ entityId: 'hero', actorUserId: admin.userId });
  });

  it('saves again over existing rows (upsert, no duplicates)', async () => {
    await ok('PUT', '/api/admin/content/footer', { brand_name: 'A', description: 'd', copyright: 'c' });
    await ok('PUT', '/api/admin/content/footer', { brand_name: 'B', description: 'd', copyright: 'c' });
    const rows = await t.database.db.select().from(pageContent).where(eq(pageContent.pageKey, 'footer'));
    expect(rows).toHaveLength(3);
    expect((await ok('GET', '/api/admin/content')).footer.brand_name).toBe('B');
  });

  it('keeps the bank details with the contact section, stored under payment and not in the public content', async () => {
    const contact = {
      email: 'hello@example.com',
      phone: '010 000 0000',
      address: '1 Main Road',
      support_hours: 'Weekdays',
      bank_name: 'Test Bank',
      account_name: 'Matric Moments',
      account_number: '123456789',
      branch_code: '250655',
    };
    const saved = await ok('PUT', '/api/admin/content/contact', contact);
    expect(saved.contact).toEqual(contact);
    const rows = await t.database.db.select().from(pageContent).where(eq(pageContent.pageKey, 'payment'));
    expect(rows.map((r) => r.sectionKey).sort()).toEqual([
      'account_name',
      'account_number',
      'bank_name',
      'branch_code',
    ]);
    const pub = (await call('GET', '/api/content', undefined, '')).json();
    expect(pub.contact.email).toBe('hello@example.com');
    expect(pub.payment).toBeUndefined();
  });

  it.each([
    ['hero', { heading: '   ' }, 'heading', CONTENT_MESSAGES.headingRequired],
    ['hero', { heading: 'x'.repeat(121) }, 'heading', 'Heading must be at most 120 characters'],
    [
      'about',
      { title: 'About', content: 'x'.repeat(5001) },
      'content',
      'Content must be at most 5000 characters',
    ],
    ['contact', { email: 'not an email' }, 'email', CONTENT_MESSAGES.emailInvalid],
    ['footer', { brand_name: 'bad\u0000' }, 'brand_name', 'Contains characters that are not allowed'],
  ])('refuses a bad %s with the field message and saves nothing', async (section, body, field, message) => {
    const before = await ok('GET', '/api/admin/content');
    const res = await call('PUT', `/api/admin/content/${section}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await ok('GET', '/api/admin/content')).toEqual(before);
  });

  it('refuses an unknown section', async () => {
    const res = await call('PUT', '/api/admin/content/payment', { bank_name: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('stores markup as text (rendered as text by the site)', async () => {
    const saved = await ok('PUT', '/api/admin/content/about', {
      title: '<b>About</b>',
      content: '<script>alert(1)</script>',
      mission: '',
      vision: '',
    });
    expect(saved.about.content).toBe('<script>alert(1)</script>');
  });
});

describe('public freshness', () => {
  it('serves the content and social links revalidated every time and reference lists for at most 5 s', async () => {
    for (const url of ['/api/content', '/api/social-links']) {
      expect((await call('GET', url, undefined, '')).headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/api/faqs', '/api/hero-banners']) {
      const header = String((await call('GET', url, undefined, '')).headers['cache-control']);
      const maxAge = Number(/max-age=(\d+)/.exec(header)?.[1]);
      expect(maxAge).toBeLessThanOrEqual(5);
      expect(header).not.toContain('stale-while-revalidate');
    }
  });

  it('changes the content ETag when an admin saves', async () => {
    const first = await call('GET', '/api/content', undefined, '');
    const etag = String(first.headers.etag);
    const same = await call('GET', '/api/content', undefined, '');
    expect(same.headers.etag).toBe(etag);
    await ok('PUT', '/api/admin/content/footer', { brand_name: 'Fresh', description: '', copyright: '' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/content',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().footer.brand_name).toBe('Fresh');
  });
});

describe('FAQs', () => {
  beforeEach(async () => {
    await t.database.db.delete(faqs);
  });
  const order = async () =>
    ((await ok('GET', '/api/admin/faqs')).items as { question: string; displayOrder: number }[]).map(
      (f) => `${f.displayOrder}:${f.question}`,
    );
  const add = async (question: string) =>
    (await ok('POST', '/api/admin/faqs', { question, answer: `${question} answer` })) as { id: string };

  it('adds new FAQs at max+1, active, with trimmed text', async () => {
    const a = await add('  A  ');
    expect(a).toMatchObject({ question: 'A', isActive: true, displayOrder: 1 });
    await t.database.db.update(faqs).set({ displayOrder: 7 }).where(eq(faqs.id, a.id));
    expect(await add('B')).toMatchObject({ displayOrder: 8, isActive: true });
  });

  it('refuses a blank question or answer with its message', async () => {
    const q = await call('POST', '/api/admin/faqs', { question: '  ', answer: 'x' });
    expect(q.statusCode).toBe(400);
    expect(q.json().error.fields.question).toBe(CONTENT_MESSAGES.faqQuestionRequired);
    const a = await call('POST', '/api/admin/faqs', { question: 'x', answer: '\n' });
    expect(a.json().error.fields.answer).toBe(CONTENT_MESSAGES.faqAnswerRequired);
    expect(await order()).toEqual([]);
  });

  it('moves by swapping and renumbering from 1; the first cannot go up, the last cannot go down', async () => {
    const a = await add('A');
    const b = await add('B');
    const c = await add('C');
    // Gaps in the stored order are renumbered by the first move.
    await t.database.db.update(faqs).set({ displayOrder: 10 }).where(eq(faqs.id, c.id));
    const up = await call('POST', `/api/admin/faqs/${a.id}/move`, { direction: 'up' });
    expect(up.statusCode).toBe(409);
    expect(up.json().error.message).toBe(CONTENT_MESSAGES.faqFirst);
    const down = await call('POST', `/api/admin/faqs/${c.id}/move`, { direction: 'down' });
    expect(down.statusCode).toBe(409);
    expect(down.json().error.message).toBe(CONTENT_MESSAGES.faqLast);
    expect(await order()).toEqual(['1:A', '2:B', '10:C']);

    await ok('POST', `/api/admin/faqs/${c.id}/move`, { direction: 'up' });
    expect(await order()).toEqual(['1:A', '2:C', '3:B']);
    await ok('POST', `/api/admin/faqs/${a.id}/move`, { direction: 'down' });
    expect(await order()).toEqual(['1:C', '2:A', '3:B']);
    await ok('POST', `/api/admin/faqs/${b.id}/move`, { direction: 'up' });
    expect(await order()).toEqual(['1:C', '2:B', '3:A']);
    // The new first and last are refused at their ends.
    expect((await call('POST', `/api/admin/faqs/${c.id}/move`, { direction: 'up' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/faqs/${a.id}/move`, { direction: 'down' })).statusCode).toBe(409);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'faq.reorder'));
    expect(audits).toHaveLength(3);
  });

  it('renumbers after a deletion, and the ends follow the remaining entries', async () => {
    const a = await add('A');
    const b = await add('B');
    const c = await add('C');
    const d = await add('D');
    await ok('DELETE', `/api/admin/faqs/${a.id}`);
    expect(await order()).toEqual(['1:B', '2:C', '3:D']);
    expect((await call('POST', `/api/admin/faqs/${b.id}/move`, { direction: 'up' })).statusCode).toBe(409);
    await ok('DELETE', `/api/admin/faqs/${d.id}`);
    expect((await call('POST', `/api/admin/faqs/${c.id}/move`, { direction: 'down' })).statusCode).toBe(409);
    await ok('POST', `/api/admin/faqs/${c.id}/move`, { direction: 'up' });
    expect(await order()).toEqual(['1:C', '2:B']);
    expect(await add('E')).toMatchObject({ displayOrder: 3 });
    expect((await call('DELETE', `/api/admin/faqs/${a.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/faqs/${a.id}/move`, { direction: 'up' })).statusCode).toBe(404);
  });

  it('saves only entries with a question and an answer after trimming; new ones go last', async () => {
    const a = await add('A');
    const res = await ok('PUT', '/api/admin/faqs', {
      items: [
        { id: a.id, question: 'A edited', answer: 'A answer', isActive: false },
        { question: 'New', answer: '  New answer ', isActive: true },
        { question: '   ', answer: 'orphan answer', isActive: true },
        { question: 'No answer', answer: ' ', isActive: true },
      ],
    });
    expect(res).toMatchObject({ saved: 2, skipped: 2 });
    expect(await order()).toEqual(['1:A edited', '2:New']);
    expect(res.items[1]).toMatchObject({ answer: 'New answer', isActive: true });
    // Only active FAQs are public, in order.
    const pub = (await call('GET', '/api/faqs', undefined, '')).json();
    expect(pub.items.map((f: { question: string }) => f.question)).toEqual(['New']);
  });

  it('saves nothing when one entry of the save is unknown', async () => {
    await add('A');
    const res = await call('PUT', '/api/admin/faqs', {
      items: [
        { question: 'B', answer: 'b', isActive: true },
        { id: ID, question: 'x', answer: 'y', isActive: true },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(await order()).toEqual(['1:A']);
  });

  it('keeps the order whole when admins move, add and delete at the same time', async () => {
    const ids = [];
    for (const q of ['A', 'B', 'C', 'D', 'E']) ids.push((await add(q)).id);
    const results = await Promise.all([
      call('POST', `/api/admin/faqs/${ids[1]}/move`, { direction: 'up' }),
      call('POST', `/api/admin/faqs/${ids[3]}/move`, { direction: 'down' }),
      call('POST', `/api/admin/faqs/${ids[2]}/move`, { direction: 'up' }),
      call('POST', '/api/admin/faqs', { question: 'F', answer: 'f' }),
      call('POST', '/api/admin/faqs', { question: 'G', answer: 'g' }),
      call('DELETE', `/api/admin/faqs/${ids[4]}`),
    ]);
    for (const res of results) expect(res.statusCode).toBeLessThan(500);
    const list = (await ok('GET', '/api/admin/faqs')).items as { question: string; displayOrder: number }[];
    expect(list.map((f) => f.displayOrder)).toEqual(list.map((_, i) => i + 1));
    expect(list.map((f) => f.question).sort()).toEqual(['A', 'B', 'C', 'D', 'F', 'G']);
  });

  it('toggles and edits one FAQ', async () => {
    const a = await add('A');
    expect(await ok('PATCH', `/api/admin/faqs/${a.id}`, { isActive: false })).toMatchObject({
      isActive: false,
    });
    const bad = await call('PATCH', `/api/admin/faqs/${a.id}`, { question: ' ' });
    expect(bad.json().error.fields.question).toBe(CONTENT_MESSAGES.faqQuestionRequired);
  });
});

describe('hero banners', () => {
  beforeEach(async () => {
    await t.database.db.delete(heroBanners);
  });
  const addBanner = async () => {
    const url = await uploadImage(t, admin.cookie, 'hero-banners', png);
    return (await ok('POST', '/api/admin/hero-banners', { imageUrl: url, altText: 'Banner' })) as {
      id: string;
      imageUrl: string;
    };
  };
  const publicIds = async () =>
    ((await call('GET', '/api/hero-banners', undefined, '')).json().items as { id: string }[]).map(
      (b) => b.id,
    );

  it('adds banners last and active; toggling takes one out of the public list; reorder and delete renumber', async () => {
    const a = await addBanner();
    const b = await addBanner();
    const c = await addBanner();
    expect(
      (await ok('GET', '/api/admin/hero-banners')).items.map((x: { displayOrder: number }) => x.displayOrder),
    ).toEqual([1, 2, 3]);
    expect(await publicIds()).toEqual([a.id, b.id, c.id]);

    await ok('PATCH', `/api/admin/hero-banners/${b.id}`, { isActive: false });
    expect(await publicIds()).toEqual([a.id, c.id]);
    await ok('PATCH', `/api/admin/hero-banners/${b.id}`, { isActive: true });

    expect(
      (await call('POST', `/api/admin/hero-banners/${a.id}/move`, { direction: 'up' })).json().error.message,
    ).toBe(CONTENT_MESSAGES.bannerFirst);
    expect(
      (await call('POST', `/api/admin/hero-banners/${c.id}/move`, { direction: 'down' })).statusCode,
    ).toBe(409);
    await ok('POST', `/api/admin/hero-banners/${c.id}/move`, { direction: 'up' });
    expect(await publicIds()).toEqual([a.id, c.id, b.id]);

    const files = variantFiles(c.imageUrl);
    for (const file of files) expect(isStored(file)).toBe(true);
    const after = await ok('DELETE', `/api/admin/hero-banners/${c.id}`);
    expect(after.items.map((x: { id: string; displayOrder: number }) => `${x.displayOrder}:${x.id}`)).toEqual(
      [`1:${a.id}`, `2:${b.id}`],
    );
    for (const file of files) expect(isStored(file)).toBe(false);
  });

  it('refuses a banner without an image, or with an image that is not a fresh upload, and adds nothing', async () => {
    const none = await call('POST', '/api/admin/hero-banners', { imageUrl: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    const missing = await call('POST', '/api/admin/hero-banners', {});
    expect(missing.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    const foreign = await call('POST', '/api/admin/hero-banners', { imageUrl: 'https://evil.test/x.png' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(UPLOAD_MESSAGES.notFound);
    // An upload of another bucket cannot become a banner.
    const logoUpload = await uploadImage(t, admin.cookie, 'site-assets', png);
    expect((await call('POST', '/api/admin/hero-banners', { imageUrl: logoUpload })).statusCode).toBe(400);
    // Nor can the same upload be used twice.
    const a = await addBanner();
    expect((await call('POST', '/api/admin/hero-banners', { imageUrl: a.imageUrl })).statusCode).toBe(400);
    expect((await ok('GET', '/api/admin/hero-banners')).items).toHaveLength(1);
  });
});

describe('image refusals leave the content as it was', () => {
  const post = (bucket: string, file: Parameters<typeof multipart>[1]) => {
    const body = multipart({ bucket }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
  };

  it.each(['hero-banners', 'site-assets'])('%s: no file, SVG, not an image, too large', async (bucket) => {
    const before = {
      content: await ok('GET', '/api/admin/content'),
      banners: await ok('GET', '/api/admin/hero-banners'),
    };
    const none = await post(bucket, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    const svg = await post(bucket, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.message).toBe(UPLOAD_ERRORS.UNSUPPORTED_IMAGE);
    const text = await post(bucket, { name: 'x.png', data: Buffer.from('hello, not an image') });
    expect(text.statusCode).toBe(400);
    expect([UPLOAD_ERRORS.UNSUPPORTED_IMAGE, UPLOAD_ERRORS.INVALID_IMAGE]).toContain(
      text.json().error.message,
    );
    const big = await post(bucket, { data: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    expect(await ok('GET', '/api/admin/content')).toEqual(before.content);
    expect(await ok('GET', '/api/admin/hero-banners')).toEqual(before.banners);
  });
});

describe('site logo', () => {
  it('sets, replaces (deleting the old files) and removes the logo; public content follows', async () => {
    const first = await uploadImage(t, admin.cookie, 'site-assets', png);
    expect(await ok('PUT', '/api/admin/site-logo', { imageUrl: first })).toEqual({ logo: first });
    expect((await call('GET', '/api/content', undefined, '')).json().site.logo).toBe(first);
    // Saving the same logo again changes nothing.
    expect(await ok('PUT', '/api/admin/site-logo', { imageUrl: first })).toEqual({ logo: first });

    const second = await uploadImage(t, admin.cookie, 'site-assets', png);
    await ok('PUT', '/api/admin/site-logo', { imageUrl: second });
    for (const file of variantFiles(first)) expect(isStored(file)).toBe(false);
    expect((await ok('GET', '/api/admin/content')).logo).toBe(second);
    const rows = await t.database.db.select().from(pageContent).where(eq(pageContent.pageKey, 'site'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sectionKey: 'logo', contentType: 'image' });

    await ok('DELETE', '/api/admin/site-logo');
    for (const file of variantFiles(second)) expect(isStored(file)).toBe(false);
    expect((await call('GET', '/api/content', undefined, '')).json().site).toBeUndefined();
    expect((await ok('GET', '/api/admin/content')).logo).toBeNull();
  });

  it("refuses a save without an image: 'You must select an image to upload.'; a refused save keeps the logo", async () => {
    const logo = await uploadImage(t, admin.cookie, 'site-assets', png);
    await ok('PUT', '/api/admin/site-logo', { imageUrl: logo });
    for (const body of [{}, { imageUrl: '' }, { imageUrl: '   ' }]) {
      const res = await call('PUT', '/api/admin/site-logo', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(UPLOAD_ERRORS.NO_FILE);
    }
    const banner = await uploadImage(t, admin.cookie, 'hero-banners', png);
    expect((await call('PUT', '/api/admin/site-logo', { imageUrl: banner })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/admin/site-logo', { imageUrl: '/uploads/site-assets/nope-800.webp' }))
        .statusCode,
    ).toBe(400);
    expect((await ok('GET', '/api/admin/content')).logo).toBe(logo);
    for (const file of variantFiles(logo)) expect(isStored(file)).toBe(true);
  });
});

describe('social links', () => {
  beforeEach(async () => {
    await t.database.db.delete(socialLinks);
  });
  const add = async (platform: string, extra: Record<string, unknown> = {}) =>
    (await ok('POST', '/api/admin/social-links', {
      platform,
      url: `https://${platform}.com/mm`,
      ...extra,
    })) as {
      id: string;
      displayOrder: number;
    };
  const publicPlatforms = async () =>
    ((await call('GET', '/api/social-links', undefined, '')).json().items as { platform: string }[]).map(
      (l) => l.platform,
    );

  it.each([
    [{ url: 'https://facebook.com/x' }, 'platform', CONTENT_MESSAGES.socialRequired],
    [{ platform: '', url: 'https://facebook.com/x' }, 'platform', CONTENT_MESSAGES.socialRequired],
    [{ platform: 'facebook' }, 'url', CONTENT_MESSAGES.socialRequired],
    [{ platform: 'facebook', url: '   ' }, 'url', CONTENT_MESSAGES.socialRequired],
    [{ platform: 'myspace', url: 'https://myspace.com/x' }, 'platform', CONTENT_MESSAGES.socialPlatform],
    [{ platform: 'facebook', url: 'javascript:alert(1)' }, 'url', CONTENT_MESSAGES.socialUrl],
    [{ platform: 'facebook', url: 'ftp://facebook.com/x' }, 'url', CONTENT_MESSAGES.socialUrl],
    [{ platform: 'facebook', url: 'facebook.com/x' }, 'url', CONTENT_MESSAGES.socialUrl],
    [
      { platform: 'facebook', url: 'https://facebook.com/x', icon: 'x'.repeat(51) },
      'icon',
      'Icon must be at most 50 characters',
    ],
  ])('refuses %j with its message', async (body, field, message) => {
    const res = await call('POST', '/api/admin/social-links', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await ok('GET', '/api/admin/social-links')).items).toEqual([]);
  });

  it('adds links at the next order; the footer list shows the active ones in order; moves and deletes renumber', async () => {
    const fb = await add('facebook');
    const ig = await add('instagram', { icon: 'camera' });
    const tt = await add('tiktok', { isActive: false });
    const wa = await add('whatsapp');
    expect([fb, ig, tt, wa].map((l) => l.displayOrder)).toEqual([1, 2, 3, 4]);
    expect(await publicPlatforms()).toEqual(['facebook', 'instagram', 'whatsapp']);

    await ok('POST', `/api/admin/social-links/${wa.id}/move`, { direction: 'up' });
    await ok('POST', `/api/admin/social-links/${wa.id}/move`, { direction: 'up' });
    expect(await publicPlatforms()).toEqual(['facebook', 'whatsapp', 'instagram']);
    expect(
      (await call('POST', `/api/admin/social-links/${fb.id}/move`, { direction: 'up' })).json().error.message,
    ).toBe(CONTENT_MESSAGES.socialFirst);
    expect(
      (await call('POST', `/api/admin/social-links/${tt.id}/move`, { direction: 'down' })).statusCode,
    ).toBe(409);

    await ok('PATCH', `/api/admin/social-links/${tt.id}`, { isActive: true, url: 'http://tiktok.com/@mm' });
    const after = await ok('DELETE', `/api/admin/social-links/${fb.id}`);
    expect(
      after.items.map((l: { platform: string; displayOrder: number }) => `${l.displayOrder}:${l.platform}`),
    ).toEqual(['1:whatsapp', '2:instagram', '3:tiktok']);
    expect(await publicPlatforms()).toEqual(['whatsapp', 'instagram', 'tiktok']);
    const bad = await call('PATCH', `/api/admin/social-links/${ig.id}`, { url: 'mailto:x@y.z' });
    expect(bad.json().error.message).toBe(CONTENT_MESSAGES.socialUrl);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'social_link'));
    expect(audits.map((a) => a.action)).toContain('social_link.reorder');
  });
});

describe('edits that change nothing', () => {
  const created = async (resource: 'faqs' | 'hero-banners' | 'social-links') => {
    if (resource === 'faqs')
      return (await ok('POST', '/api/admin/faqs', { question: 'Q?', answer: 'A.' })).id;
    if (resource === 'social-links') {
      return (await ok('POST', '/api/admin/social-links', { platform: 'facebook', url: 'https://fb.com/mm' }))
        .id;
    }
    const imageUrl = await uploadImage(t, admin.cookie, 'hero-banners', png);
    return (await ok('POST', '/api/admin/hero-banners', { imageUrl, altText: 'Banner' })).id;
  };

  it.each([
    ['faqs', {}, ['question', 'answer', 'isActive']],
    ['faqs', { a: 1 }, ['question', 'answer', 'isActive']],
    ['hero-banners', {}, ['isActive', 'altText']],
    ['hero-banners', { a: 1, icon: 'x' }, ['isActive', 'altText']],
    ['social-links', {}, ['platform', 'url', 'icon', 'isActive']],
    ['social-links', { a: 1 }, ['platform', 'url', 'icon', 'isActive']],
  ] as const)(
    'PATCH /api/admin/%s/{id} with %j: 400 saying what may be sent, nothing written',
    async (resource, body, fields) => {
      const id = await created(resource);
      const before = (await ok('GET', `/api/admin/${resource}`)).items;
      const audits = (await t.database.db.select().from(auditLog)).length;
      const res = await call('PATCH', `/api/admin/${resource}/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: nothingToChangeMessage(fields),
      });
      expect(res.json().error.message).toBe(`Nothing to change: send at least one of ${fields.join(', ')}`);
      expect((await ok('GET', `/api/admin/${resource}`)).items).toEqual(before);
      expect(await t.database.db.select().from(auditLog)).toHaveLength(audits);
    },
  );

  it('still takes an edit of one field, and a social link’s icon cleared with null', async () => {
    const id = await created('social-links');
    await ok('PATCH', `/api/admin/social-links/${id}`, { icon: 'thumbs-up' });
    expect(await ok('PATCH', `/api/admin/social-links/${id}`, { icon: null, a: 1 })).toMatchObject({
      icon: null,
      platform: 'facebook',
    });
  });
});
