import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { createTestDatabase } from '../test/helpers.ts';
import { createListing, createProvider, seedReferenceData } from '../test/fixtures.ts';
import { createTestApp } from '../test/helpers.ts';

describe('migrations', () => {
  it('create every table and can run twice', async () => {
    const database = await createTestDatabase();
    try {
      await database.migrate(); // second run is a no-op
      const tables = await queryRows<{ tablename: string }>(
        database.db,
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      expect(tables.map((t) => t.tablename)).toEqual(
        expect.arrayContaining([
          'user',
          'session',
          'account',
          'verification',
          'user_roles',
          'profiles',
          'packages',
          'service_providers',
          'categories',
          'listings',
          'listing_images',
          'favorites',
          'enquiries',
          'reviews',
          'premium_content_access',
          'premium_articles',
          'premium_categories',
          'premium_access_logs',
          'page_content',
          'hero_banners',
          'faqs',
          'social_links',
          'site_settings',
        ]),
      );
      const ext = await queryRows(database.db, sql`select 1 from pg_extension where extname = 'pg_trgm'`);
      expect(ext).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('the database refuses what the rules forbid', async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      await seedReferenceData(db);
      const { providerId, userId } = await createProvider(t);
      const listing = await createListing(db, providerId);
      const fails = async (q: ReturnType<typeof sql>) => {
        await expect(db.execute(q)).rejects.toBeTruthy();
      };
      await fails(sql`update listings set price_from = 10, price_to = 5 where id = ${listing.id}`);
      await fails(sql`update listings set price_from = -1 where id = ${listing.id}`);
      await fails(sql`update listings set province = 'atlantis' where id = ${listing.id}`);
      await fails(sql`update listings set status = 'draft' where id = ${listing.id}`);
      await fails(sql`update listings set latitude = 91 where id = ${listing.id}`);
      await fails(
        sql`insert into reviews (listing_id, service_provider_id, user_id, rating) values (${listing.id}, ${providerId}, ${userId}, 6)`,
      );
      await db.execute(
        sql`insert into reviews (listing_id, service_provider_id, user_id, rating) values (${listing.id}, ${providerId}, ${userId}, 5)`,
      );
      await fails(
        sql`insert into reviews (listing_id, service_provider_id, user_id, rating) values (${listing.id}, ${providerId}, ${userId}, 4)`,
      );
      await db.execute(sql`insert into favorites (user_id, listing_id) values (${userId}, ${listing.id})`);
      await fails(sql`insert into favorites (user_id, listing_id) values (${userId}, ${listing.id})`);
      await fails(sql`insert into user_roles (user_id, role) values (${userId}, 'service_provider')`);
      await fails(sql`insert into user_roles (user_id, role) values (${userId}, 'superuser')`);
      await fails(
        sql`insert into listing_images (listing_id, image_url, is_primary) values (${listing.id}, '/x-800.webp', true)`,
      );
      // a package in use cannot be deleted
      await fails(sql`delete from packages where package_type = 'premium'`);
      // deleting a listing keeps the favourite with no listing (shown as 'Deleted Listing')
      await db.execute(sql`delete from listings where id = ${listing.id}`);
      const favs = await queryRows<{ listing_id: string | null }>(
        db,
        sql`select listing_id from favorites where user_id = ${userId}`,
      );
      expect(favs).toEqual([{ listing_id: null }]);
    } finally {
      await t.close();
    }
  });
});
