/**
 * Fills a migrated database with a marketplace of N approved listings (plus 5% pending and 2% rejected) in
 * minutes: providers on every package, realistic titles and descriptions per category, cities with
 * coordinates in every province (1 in 20 without), prices (1 in 12 without), ratings, 1–3 image rows each,
 * creation dates over three years. Everything is computed in SQL from `generate_series` with hash-based
 * choices, so the same N gives the same catalogue. The derived columns (rank, search document, sphere
 * point, primary image) are written in the same statement with the functions the triggers use, and the
 * triggers are paused for the bulk load only (the title words are added once at the end).
 *
 * Used by bench/browse.ts, bench/moderation.ts and bench/ssr.ts.
 */
import { sql } from 'drizzle-orm';
import { CATEGORIES, PROVINCES } from '../src/domain/constants.ts';
import { DEFAULT_PACKAGE_LIMITS } from '../src/domain/packages.ts';
import type { Db } from '../src/server/db/client.ts';
import { categories, packages } from '../src/server/db/schema.ts';
import { CITIES } from '../src/server/db/seed-data.ts';

/** One in this many listings carries the rare word (for the rare-term search). */
export const RARE_EVERY = 50_000;
export const RARE_WORD = 'zebrastripe';

const ADJECTIVES = [
  'Elegant',
  'Luxury',
  'Classic',
  'Vintage',
  'Modern',
  'Affordable',
  'Premium',
  'Stylish',
  'Royal',
  'Golden',
  'Sparkling',
  'Timeless',
  'Glamorous',
  'Chic',
  'Exclusive',
  'Budget',
  'Deluxe',
  'Signature',
  'Boutique',
  'Bespoke',
];
const NOUNS: Record<string, string[]> = {
  'car-rentals': [
    'Limousine Hire',
    'Sports Car Rental',
    'Vintage Car Hire',
    'Chauffeur Service',
    'Party Bus',
  ],
  'dress-suit-hire': ['Evening Gowns', 'Tuxedo Hire', 'Suit Rental', 'Ball Gown Boutique', 'Tailored Suits'],
  photography: ['Farewell Photography', 'Photo Booth', 'Portrait Studio', 'Videography', 'Drone Photography'],
  venues: ['Banquet Hall', 'Garden Venue', 'Ballroom', 'Rooftop Venue', 'Wine Estate Venue'],
  'makeup-hair': ['Makeup Artist', 'Hair Styling', 'Bridal Makeup', 'Nail Studio', 'Glam Squad'],
  catering: ['Catering Service', 'Canape Platters', 'Dessert Table', 'Braai Catering', 'Mocktail Bar'],
  decor: ['Event Decor', 'Balloon Arches', 'Floral Design', 'Table Settings', 'Lighting Decor'],
  entertainment: ['DJ Service', 'Live Band', 'Sound and Lights', 'MC Service', 'Saxophonist'],
};
const OPENERS = [
  'Make your matric farewell night unforgettable with our team.',
  'We have served learners and parents for over ten years.',
  'Trusted by schools across the province for every farewell season.',
  'Book early: farewell dates in October and November fill up fast.',
  'Packages for every budget, from small groups to the whole grade.',
  'Our friendly crew takes care of every detail on the night.',
];
const DETAILS = [
  'Free consultation and a written quote within a day.',
  'Group discounts for friends who book together.',
  'Fully insured, with references from recent farewells.',
  'Available evenings and weekends in and around town.',
  'Custom themes, colours and timings on request.',
  'Secure your date with a small deposit.',
];
const NAME_PARTS = [
  'Elite',
  'Golden',
  'Umoja',
  'Ubuntu',
  'Starlight',
  'Jacaranda',
  'Protea',
  'Baobab',
  'Savanna',
  'Marula',
];
const NAME_ENDS = ['Events', 'Studios', 'Creations', 'Co', 'Collective', 'Group', 'Productions', 'Hire'];

const literalArray = (items: readonly string[]) =>
  sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/** `abs(hashint4(expr)) % m`: a stable pseudo-random choice. */
const pick = (expr: string, m: number) => `(abs(hashint4(${expr})) % ${m})`;

export interface GenerateResult {
  providers: number;
  listings: number;
  approved: number;
  ms: number;
}

/** Packages and categories (idempotent), as the seed has them. */
async function ensureReferenceData(db: Db) {
  for (const [i, type] of (['basic', 'standard', 'premium'] as const).entries()) {
    const d = DEFAULT_PACKAGE_LIMITS[type];
    await db
      .insert(packages)
      .values({
        packageType: type,
        name: type[0]!.toUpperCase() + type.slice(1),
        price: d.price,
        maxListings: d.maxListings,
        maxImages: d.maxImages,
        canFeature: d.canFeature,
        hasPriorityPlacement: d.hasPriorityPlacement,
        hasAnalytics: d.hasAnalytics,
        hasVerificationBadge: d.hasVerificationBadge,
        canReceiveReviews: d.canReceiveReviews,
        displayOrder: i + 1,
      })
      .onConflictDoNothing();
  }
  for (const [i, c] of CATEGORIES.entries()) {
    await db
      .insert(categories)
      .values({ name: c.name, slug: c.slug, icon: c.icon, displayOrder: i + 1 })
      .onConflictDoNothing();
  }
}

export async function generateCatalogue(
  db: Db,
  approved: number,
  log: (msg: string) => void = () => {},
): Promise<GenerateResult> {
  const started = Date.now();
  await ensureReferenceData(db);
  // 5% pending (g % 20 = 0) and 2% rejected (g % 50 = 1, never both).
  const total = Math.ceil(approved / 0.93);
  const providerCount = Math.max(50, Math.round(total / 50));

  await db.execute(
    sql.raw(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-' || p, 'Bench Provider ' || p, 'bench' || p || '@bench.test', true, now(), now()
    from generate_series(1, ${providerCount}) p on conflict do nothing`),
  );
  await db.execute(sql`insert into service_providers (user_id, business_name, description, package_type,
      payment_status, package_expires_at, phone)
    select 'bench-' || p,
      (${literalArray(NAME_PARTS)})[1 + ${sql.raw(pick('p', NAME_PARTS.length))}] || ' ' ||
      (${literalArray(NAME_ENDS)})[1 + ${sql.raw(pick('p * 7', NAME_ENDS.length))}] || ' ' || p,
      'A matric farewell provider.',
      (array['basic','standard','premium'])[1 + ${sql.raw(pick('p * 3', 3))}],
      'active', now() + interval '1 year', '082 555 ' || lpad((p % 10000)::text, 4, '0')
    from generate_series(1, ${providerCount}) p on conflict do nothing`);
  log(`${providerCount} providers`);

  const cities = PROVINCES.flatMap((p) => CITIES[p.value].map((c) => ({ ...c, province: p.value })));
  const cityRows = sql.raw(
    cities
      .map((c, i) => `(${i}, '${c.city.replace(/'/g, "''")}', '${c.province}', ${c.lat}, ${c.lng})`)
      .join(', '),
  );
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const noun = sql.raw(
    `(case r.slug ${CATEGORIES.map(
      (c) => `when '${c.slug}' then array[${NOUNS[c.slug]!.map(quote).join(',')}]`,
    ).join(' ')} end)[1 + ${pick('g * 11', 5)}]`,
  );

  await db.execute(sql`alter table listings disable trigger listings_derive`);
  await db.execute(sql`alter table listings disable trigger listings_title_words`);
  await db.execute(sql`alter table listing_images disable trigger listing_images_changed`);
  try {
    const batch = 50_000;
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await db.execute(sql`
        with sp as (
          select sp.id, sp.package_type, coalesce(pk.has_priority_placement, false) as priority,
                 row_number() over (order by sp.user_id) as rn
            from service_providers sp left join packages pk on pk.package_type = sp.package_type
           where sp.user_id like 'bench-%'
        ), cat as (
          select id, slug, name, row_number() over (order by display_order) - 1 as rn from categories
        ), city(i, name, province, lat, lng) as (values ${cityRows}),
        src as (
          select g,
            1 + ${sql.raw(pick('g', providerCount))} as prn,
            ${sql.raw(pick('g * 5', CATEGORIES.length))} as crn,
            ${sql.raw(pick('g * 13', cities.length))} as ci
          from generate_series(${from}::int, ${to}::int) g
        ), rows as (
          select src.g, sp.id as provider_id, sp.package_type, sp.priority, cat.id as category_id,
            cat.slug, cat.name as category_name, city.name as city, city.province, city.lat, city.lng
          from src
          join sp on sp.rn = src.prn
          join cat on cat.rn = src.crn
          join city on city.i = src.ci
        ), built as (
          select r.*,
            (${literalArray(ADJECTIVES)})[1 + ${sql.raw(pick('g * 17', ADJECTIVES.length))}] || ' ' || ${noun}
              as title,
            (${literalArray(OPENERS)})[1 + ${sql.raw(pick('g * 19', OPENERS.length))}] || ' ' ||
              (${literalArray(DETAILS)})[1 + ${sql.raw(pick('g * 23', DETAILS.length))}] ||
              ' Serving ' || r.city || ' and surrounding areas.' ||
              case when g % ${RARE_EVERY} = 7 then ${` Ask about our ${RARE_WORD} special.`} else '' end as description,
            case when g % 12 = 5 then null else (500 + ${sql.raw(pick('g * 29', 400))} * 50)::numeric end as price_from,
            case when g % 20 = 3 then null else r.lat + (${sql.raw(pick('g * 31', 2001))} - 1000) / 20000.0 end as latitude,
            case when g % 20 = 3 then null else r.lng + (${sql.raw(pick('g * 37', 2001))} - 1000) / 20000.0 end as longitude,
            (r.package_type = 'premium' and g % 7 = 0) as featured,
            case when g % 20 = 0 then 'pending' when g % 50 = 1 then 'rejected' else 'approved' end as status,
            case when g % 3 = 0 then 0 else 3 + ${sql.raw(pick('g * 41', 21))} / 10.0 end as rating,
            case when g % 3 = 0 then 0 else 1 + ${sql.raw(pick('g * 43', 40))} end as review_count,
            now() - (${sql.raw(pick('g * 47', 3 * 365 * 24 * 60))} || ' minutes')::interval as created_at
          from rows r
        ), inserted as (
          insert into listings (service_provider_id, category_id, title, description, province, city, price_from,
            price_to, latitude, longitude, featured, status, views, rating, review_count, created_at, updated_at,
            rank, search_vector, title_vector, geo, primary_image_url)
          select provider_id, category_id, title, description, province, city, price_from,
            case when price_from is null or g % 3 = 0 then null else price_from + ${sql.raw(pick('g * 53', 40))} * 100 end,
            latitude, longitude, featured, status, ${sql.raw(pick('g * 59', 5000))}, rating, review_count,
            created_at, created_at,
            (case when featured then 2 else 0 end) + (case when priority then 1 else 0 end),
            mm_listing_document(title, category_name, city, description),
            to_tsvector('english'::regconfig, title),
            mm_listing_geo(latitude, longitude),
            '/uploads/listing-images/bench-' || ${sql.raw(pick('g * 61', 24))} || '-800.webp'
          from built
          returning id, primary_image_url
        )
        insert into listing_images (listing_id, image_url, is_primary, display_order)
        select id, primary_image_url, true, 0 from inserted`);
      log(`listings ${to}/${total}`);
    }
  } finally {
    await db.execute(sql`alter table listings enable trigger listings_derive`);
    await db.execute(sql`alter table listings enable trigger listings_title_words`);
    await db.execute(sql`alter table listing_images enable trigger listing_images_changed`);
  }
  await db.execute(sql`insert into title_words (word)
    select distinct w from (select distinct title from listings) t, mm_title_words(t.title) w
    order by w on conflict do nothing`);
  // As autovacuum leaves a live catalogue: statistics, and the visibility map that lets counts read the
  // indexes alone.
  await db.execute(sql`vacuum (analyze)`);
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from listings where status = 'approved'`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows as [{ n: number }];
  return { providers: providerCount, listings: total, approved: n, ms: Date.now() - started };
}
