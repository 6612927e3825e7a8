/**
 * Files of non-public records (issue 28 item 8, decision 0030): a pending or rejected listing's images and
 * a draft article's featured image are served only to those who may see the record (owner, admins), and
 * to everyone once it is public, from then on as plain immutable files. Files move with their records.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariant } from '../../../domain/format.ts';
import { listingImages, listings, premiumCategories } from '../../db/schema.ts';
import { testDatabaseUrl } from '../../env.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import { storeImage } from '../../storage/images.ts';
import { categoryId, createAdmin, createProvider, seedReferenceData } from '../../test/fixtures.ts';
import { createTestApp, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';
import { hideImages, hideNonPublicImages } from './files.ts';

let t: TestApp;
let png: Buffer;
let owner: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof signUp>>;
let category: string;
let guideCategory: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 640, height: 400, seed: 5, label: 'file' });
  owner = await createProvider(t, { businessName: 'Owner Co' });
  other = await createProvider(t, { businessName: 'Other Co' });
  admin = await createAdmin(t);
  user = await signUp(t);
  category = await categoryId(t.database.db, 'photography');
  const [c] = await t.database.db.insert(premiumCategories).values({ name: 'Looks' }).returning();
  guideCategory = c!.id;
});
afterAll(() => t.close());

type Who = 'anonymous' | 'user' | 'other provider' | 'owner' | 'admin';
const cookieOf = (who: Who) =>
  ({
    anonymous: undefined,
    user: user.cookie,
    'other provider': other.cookie,
    owner: owner.cookie,
    admin: admin.cookie,
  })[who];

const fetchAs = (who: Who, url: string) => {
  const cookie = cookieOf(who);
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
};

/** The status each caller gets for the image (its 800 px URL and the other variants must agree). */
async function statuses(url: string): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of ['anonymous', 'user', 'other provider', 'owner', 'admin'] as Who[]) {
    const codes = await Promise.all(
      [url, imageVariant(url, 400), imageVariant(url, 1600)].map(
        async (u) => (await fetchAs(who, u)).statusCode,
      ),
    );
    expect(new Set(codes).size, `${who}: ${codes.join(',')}`).toBe(1);
    out[who] = codes[0]!;
  }
  return out;
}

const PRIVATE = { anonymous: 404, user: 404, 'other provider': 404, owner: 200, admin: 200 };
const PRIVATE_TO_ADMINS = { anonymous: 404, user: 404, 'other provider': 404, owner: 404, admin: 200 };
const PUBLIC = { anonymous: 200, user: 200, 'other provider': 200, owner: 200, admin: 200 };

/** Whether the file is in the public directory (served as a static file) or only in the private one. */
const isPublicFile = (url: string) =>
  existsSync(path.join(t.config.dataDir, 'uploads', url.replace('/uploads/', '')));

async function createListing(): Promise<{ id: string; url: string }> {
  const url = await uploadImage(t, owner.cookie, 'listing-images', png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/provider/listings',
    headers: { cookie: owner.cookie },
    payload: {
      title: 'Matric Dance Photos',
      categoryId: category,
      description: 'Portraits and candid shots on the night.',
      province: 'gauteng',
      city: 'Pretoria',
      priceFrom: '1500',
      priceTo: '',
      latitude: '',
      longitude: '',
      images: [{ url, isPrimary: true }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, url };
}

const moderate = (ids: string[], status: 'approved' | 'rejected') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/listings/moderation',
    headers: { cookie: admin.cookie },
    payload: { ids, status, ...(status === 'rejected' ? { reason: 'Not yet' } : {}) },
  });

describe('listing images', () => {
  it('a pending listing’s image: its provider and admins only, then everyone once approved', async () => {
    const { id, url } = await createListing();
    expect(await statuses(url)).toEqual(PRIVATE);
    const mine = await fetchAs('owner', url);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(isPublicFile(url)).toBe(false);

    expect((await moderate([id], 'approved')).statusCode).toBe(200);
    // Published with the approval: a plain static file with the year-long immutable cache.
    expect(isPublicFile(url)).toBe(true);
    expect(await statuses(url)).toEqual(PUBLIC);
    const res = await fetchAs('anonymous', url);
    expect(String(res.headers['cache-control'])).toMatch(/immutable/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('rejected listings’ images are private, also after having been public', async () => {
    const { id, url } = await createListing();
    await moderate([id], 'rejected');
    expect(await statuses(url)).toEqual(PRIVATE);
    await moderate([id], 'approved');
    expect(await statuses(url)).toEqual(PUBLIC);
    // Hidden by the rejection itself: nobody but the owner and admins get it from that moment.
    await moderate([id], 'rejected');
    expect(isPublicFile(url)).toBe(false);
    expect(await statuses(url)).toEqual(PRIVATE);
  });

  it('an unclaimed upload is its uploader’s alone; a random name is a plain 404', async () => {
    const url = await uploadImage(t, owner.cookie, 'listing-images', png);
    expect(await statuses(url)).toEqual(PRIVATE);
    expect(
      (await fetchAs('admin', '/uploads/listing-images/0123456789abcdef01234567-800.webp')).statusCode,
    ).toBe(404);
    expect((await fetchAs('owner', '/uploads/listing-images/%2e%2e/secret')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(404);
  });

  it('a public record’s file that is still private is published on its first request', async () => {
    // As the demo seed writes them: stored (private) and attached to an approved listing directly.
    const { url } = await storeImage(t.storage, 'listing-images', png);
    const { id } = await createListing();
    await t.database.db.update(listings).set({ status: 'approved' }).where(eq(listings.id, id));
    await t.database.db.update(listingImages).set({ imageUrl: url }).where(eq(listingImages.listingId, id));
    expect(isPublicFile(url)).toBe(false);
    const first = await fetchAs('anonymous', imageVariant(url, 400));
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/immutable/);
    expect(isPublicFile(url)).toBe(true);
    expect(isPublicFile(imageVariant(url, 1600))).toBe(true);
  });

  it('files from before the private area are hidden at start-up', async () => {
    const { id, url } = await createListing();
    // As an older version left them: public although the listing is pending.
    await t.storage.setPublic(
      [imageVariant(url, 400), url, imageVariant(url, 1600)].map((u) => u.replace('/uploads/', '')),
      true,
    );
    expect(isPublicFile(url)).toBe(true);
    expect((await fetchAs('anonymous', url)).statusCode).toBe(200);
    expect(await hideNonPublicImages(t.database.db, t.storage)).toBeGreaterThanOrEqual(1);
    expect(isPublicFile(url)).toBe(false);
    expect(await statuses(url)).toEqual(PRIVATE);
    await moderate([id], 'approved');
    expect(await statuses(url)).toEqual(PUBLIC);
  });

  it('requests racing a rejection never leave the file public (20 runs)', async () => {
    const { id, url } = await createListing();
    for (let run = 0; run < 20; run++) {
      await moderate([id], 'approved');
      const [rejected] = await Promise.all([
        moderate([id], 'rejected'),
        ...Array.from({ length: 5 }, () => fetchAs('anonymous', imageVariant(url, 400))),
      ]);
      expect(rejected.statusCode).toBe(200);
      expect(isPublicFile(url), `run ${run}`).toBe(false);
      expect((await fetchAs('anonymous', url)).statusCode).toBe(404);
    }
  });
});

describe('a visitor’s request during a rejection', () => {
  /** Resolves once some session of this database waits for a lock (polled; PostgreSQL only). */
  async function someoneWaitsForALock(): Promise<void> {
    for (;;) {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (result.rows[0]!.n > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  // PGlite runs one transaction at a time, so the visitor could not even start during the rejection.
  it.skipIf(!testDatabaseUrl())(
    'waits for it, then finds the file private: a publish never undoes a hide',
    async () => {
      const { id, url } = await createListing();
      await moderate([id], 'approved');
      expect(isPublicFile(url)).toBe(true);
      // A rejection as moderateListings makes it, held open after hiding the files and before committing.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let hidden!: () => void;
      const filesHidden = new Promise<void>((r) => (hidden = r));
      const rejection = t.database.db.transaction(async (tx) => {
        await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, id)).for('update');
        await tx.update(listings).set({ status: 'rejected' }).where(eq(listings.id, id));
        await hideImages(t.storage, [url]);
        hidden();
        await released;
      });
      await filesHidden;
      // The file is private, the listing still approved for everyone else: the visitor's request must wait.
      const visitor = fetchAs('anonymous', url);
      const first = await Promise.race([
        visitor.then(() => 'answered' as const),
        someoneWaitsForALock().then(() => 'waiting' as const),
      ]);
      release();
      await rejection;
      expect(first).toBe('waiting');
      expect((await visitor).statusCode).toBe(404);
      expect(isPublicFile(url)).toBe(false);
    },
  );
});

describe('article images', () => {
  const saveArticle = async (id: string | null, imageUrl: string, isPublished: boolean) => {
    const res = await t.app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/admin/guide/articles/${id}` : '/api/admin/guide/articles',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Your Farewell Look',
        slug: 'farewell-look',
        categoryId: guideCategory,
        excerpt: 'Dresses and suits',
        content: '<p>Looks</p>',
        featuredImageUrl: imageUrl,
        displayOrder: 1,
        isPublished,
      },
    });
    expect(res.statusCode, res.body).toBe(id ? 200 : 201);
    return res.json().id as string;
  };

  it('a draft’s featured image: admins only; public once published; private again as a draft', async () => {
    const url = await uploadImage(t, admin.cookie, 'site-assets', png);
    const id = await saveArticle(null, url, false);
    expect(await statuses(url)).toEqual(PRIVATE_TO_ADMINS);
    await saveArticle(id, url, true);
    expect(await statuses(url)).toEqual(PUBLIC);
    expect(isPublicFile(url)).toBe(true);
    await saveArticle(id, url, false);
    expect(isPublicFile(url)).toBe(false);
    expect(await statuses(url)).toEqual(PRIVATE_TO_ADMINS);
  });
});
