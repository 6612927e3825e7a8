import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES, PROVINCES } from '../../domain/constants.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { queryRows, type Database } from './client.ts';
import * as t from './schema.ts';
import { seedIfEmpty } from './seed.ts';
import { sql } from 'drizzle-orm';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), 'mm-seed-'));
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const n = async (table: any) => Number((await database.db.select({ n: count() }).from(table))[0]!.n);

describe('demo seed', () => {
  it('seeds an empty database with the demo content the README describes', async () => {
    const storage = createLocalStorage({ rootDir: path.join(dir, 'uploads') });
    expect(await seedIfEmpty(database, storage)).toBe(true);
    const { db } = database;
    expect(await n(t.categories)).toBe(CATEGORIES.length);
    expect(await n(t.packages)).toBe(3);
    expect(await n(t.serviceProviders)).toBeGreaterThanOrEqual(12);
    const byStatus = await queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from listings group by status`,
    );
    const counts = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
    expect(counts.approved).toBeGreaterThanOrEqual(40);
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.rejected).toBeGreaterThan(0);
    // every category and every province has approved listings, all with coordinates but a few
    const cats = await queryRows<{ n: number }>(
      db,
      sql`select count(distinct category_id)::int as n from listings where status = 'approved'`,
    );
    expect(Number(cats[0]!.n)).toBe(CATEGORIES.length);
    const provs = await queryRows<{ n: number }>(
      db,
      sql`select count(distinct province)::int as n from listings where status = 'approved'`,
    );
    expect(Number(provs[0]!.n)).toBe(PROVINCES.length);
    // every listing has a primary image whose files exist
    const noPrimary = await queryRows(
      db,
      sql`select id from listings l where not exists (select 1 from listing_images i where i.listing_id = l.id and i.is_primary)`,
    );
    expect(noPrimary).toHaveLength(0);
    // Stored private; each is published on its first request when a public record holds it (decision 0030).
    expect(readdirSync(path.join(dir, 'uploads-private', 'listing-images')).length).toBeGreaterThan(100);
    // review counters equal the reviews
    const drift = await queryRows(
      db,
      sql`select l.id from listings l left join reviews r on r.listing_id = l.id group by l.id having l.review_count <> count(r.id)`,
    );
    expect(drift).toHaveLength(0);
    expect(await n(t.reviews)).toBeGreaterThan(10);
    // no reviews on basic-package providers
    const basicReviews = await queryRows(
      db,
      sql`select r.id from reviews r join service_providers sp on sp.id = r.service_provider_id where sp.package_type = 'basic'`,
    );
    expect(basicReviews).toHaveLength(0);
    expect(await n(t.heroBanners)).toBeGreaterThan(0);
    expect(await n(t.faqs)).toBeGreaterThan(0);
    expect(await n(t.socialLinks)).toBeGreaterThan(0);
    expect(await n(t.premiumCategories)).toBeGreaterThan(0);
    const published = await queryRows(db, sql`select id from premium_articles where is_published`);
    expect(published.length).toBeGreaterThan(0);
    // the five demo accounts
    const emails = (await db.select({ email: t.user.email }).from(t.user)).map((u) => u.email);
    for (const e of ['admin', 'premium', 'basic', 'guide', 'user'])
      expect(emails).toContain(`${e}@matricmoments.test`);
    const roles = await queryRows<{ email: string; role: string }>(
      db,
      sql`select u.email, r.role from user_roles r join "user" u on u.id = r.user_id where r.role <> 'user'`,
    );
    expect(roles).toContainEqual({ email: 'admin@matricmoments.test', role: 'admin' });
    expect(roles).toContainEqual({ email: 'premium@matricmoments.test', role: 'service_provider' });
    const access = await queryRows(
      db,
      sql`select 1 from premium_content_access a join "user" u on u.id = a.user_id where u.email = 'guide@matricmoments.test' and a.payment_status = 'approved'`,
    );
    expect(access).toHaveLength(1);
    // the Matric Guide: six or more readable articles with images, a pending and a rejected request, reading history
    const articles = await queryRows<{ content: string; image: string | null }>(
      db,
      sql`select content, featured_image_url as image from premium_articles where is_published`,
    );
    expect(articles.length).toBeGreaterThanOrEqual(6);
    for (const a of articles) {
      expect(a.image).toMatch(/^\/uploads\//);
      expect(a.content.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(a.content).toMatch(/<(ul|ol|table)>/);
    }
    const statuses = await queryRows<{ status: string }>(
      db,
      sql`select payment_status as status from premium_content_access`,
    );
    expect(statuses.map((r) => r.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const logs = await queryRows(
      db,
      sql`select 1 from premium_access_logs l join "user" u on u.id = l.user_id where u.email = 'guide@matricmoments.test'`,
    );
    expect(logs.length).toBeGreaterThan(0);
    // Contact details in their stored form (decision 0037), and a reason on every rejected listing.
    const contacts = await queryRows<{ phone: string | null; whatsapp: string | null }>(
      db,
      sql`select phone, whatsapp from service_providers`,
    );
    for (const c of contacts) expect(c.phone).toMatch(/^0\d{2} \d{3} \d{4}$/);
    expect(contacts.filter((c) => c.whatsapp !== null).length).toBeGreaterThan(0);
    const noReason = await queryRows(
      db,
      sql`select id from listings where status = 'rejected' and rejection_reason is null`,
    );
    expect(noReason).toHaveLength(0);
    // Seeding draws and encodes a few hundred pictures: about a minute alone, several on a busy machine.
  }, 300_000);

  it('is idempotent: a database with data is never seeded again', async () => {
    const before = await n(t.listings);
    const users = await n(t.user);
    expect(await seedIfEmpty(database, createLocalStorage({ rootDir: path.join(dir, 'uploads') }))).toBe(
      false,
    );
    expect(await n(t.listings)).toBe(before);
    expect(await n(t.user)).toBe(users);
  });
});
