/**
 * Browse at any catalogue size (docs/decisions/0008-browse-at-scale.md). Every order is delivered by an
 * index that stops after one page, and pages follow each other by keyset (the last row's sort key), never
 * by offset:
 *
 * - recommended: `rank desc, created_at desc, id desc` (rank = 2 × featured + priority placement, kept on
 *   the listing by triggers); with a search, title matches first, then other full-text matches, then (only
 *   when full text finds little) the matches of the search with its words corrected: each word is looked up
 *   by trigram similarity in the small table of title words (title_words), never against every title;
 * - newest, price (either way, listings without a price last), best rated;
 * - distance: nearest first through the GiST index on the listing's sphere point, then listings without
 *   coordinates in the recommended order. The exact great-circle distance is computed for the page only.
 *
 * An order is a list of segments (a tier or a phase), each with its own filter, order and key; the cursor
 * names the segment and the key of the last row returned. Counting stops at BROWSE_COUNT_CAP + 1 rows.
 *
 * A filter that the order's index cannot deliver (a search term, a price range) is *selective*: the rows
 * that pass it may be anywhere in the order, or nowhere. When the first page's count found few of them
 * (at most BROWSE_COUNT_CAP: the count is exact), the segment reads the filter's own matches through their
 * index (text or price) and sorts just those. Otherwise it first walks a bounded run of the order's index
 * and tests each row; when that does not fill the page and more rows remain, it reads the matches through
 * their index after all. No request walks a whole index looking for rows that are not there.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from '../../../domain/constants.ts';
import {
  BROWSE_COUNT_CAP,
  type BrowseQuery,
  type BrowseResult,
  type BrowseSort,
  type ListingCard,
} from '../../../domain/listings.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { effectivePackageTypeSql, packageInForceSql } from '../packages/service.ts';

/** Full text finds fewer than this many listings: the matches of the corrected search are added after them. */
export const FUZZY_BELOW = 10;
/**
 * How a selective segment is read (see the module comment). `walkBudget`: how many rows of the order's
 * index a page tests against the filter before it reads the filter's matches through their own index
 * instead (a few milliseconds at most). `fewMatches`: when the first page's count found at most this many
 * matches, the segments are read through the filter's index from the start (a walk would find them too
 * thinly spread to be worth it): the count is exact up to BROWSE_COUNT_CAP.
 */
export const DEFAULT_SELECTIVE_READING = { walkBudget: 2_000, fewMatches: BROWSE_COUNT_CAP } as const;
let reading: { walkBudget: number; fewMatches: number } = { ...DEFAULT_SELECTIVE_READING };
/** Tests change these to send small catalogues through every way of reading a segment (-1: never few). */
export function setSelectiveReading(next: Partial<typeof reading> = {}): void {
  reading = { ...DEFAULT_SELECTIVE_READING, ...next };
}
/** Close title words kept per search word, and search words corrected (the rest are left out). */
const CORRECTIONS_PER_WORD = 3;
const CORRECTED_WORDS = 8;
/** How close (pg_trgm similarity) a title word must be to a search word to replace it. */
const CORRECTION_SIMILARITY = 0.3;
/** The text search configuration of the listing documents (see migrations/0003). */
const TS_CONFIG = sql.raw(`'english'::regconfig`);

type KeyType = 'smallint' | 'integer' | 'timestamptz' | 'uuid' | 'numeric' | 'float8' | 'real';

interface Segment {
  /** Rows of this segment that its order's index delivers, on top of the base filters (e.g. with coordinates). */
  within: SQL | null;
  /** What the order's index cannot deliver (a search term, a price range): tested on each row, or read first. */
  filter: SQL | null;
  /** A tier of the corrected search (counted apart from the search's own matches). */
  corrected: boolean;
  /**
   * The filter is a price range alone and every column the segment reads to order its matches is in the
   * price index (listings_browse_price_asc_idx): it is read by one statement planned for its range, without
   * SPARSE_SETTINGS (which would also forbid that index's index-only scan) and without a bounded walk first:
   * the planner (with the price statistics) walks the order's index for a wide range and reads the price
   * index for a narrow one.
   */
  priceIndexed: boolean;
  orderBy: SQL;
  /** The sort key, in order, and whether rows after the cursor have greater (asc) or smaller (desc) keys. */
  key: { expr: SQL; type: KeyType }[];
  direction: 'asc' | 'desc';
  /**
   * Nearest first: SQL orders by the distance alone (a GiST index scan can deliver only that), and ties in
   * distance are put in id order here, after making sure the whole last tie group was fetched.
   */
  knn?: boolean;
}

interface Cursor {
  /** Segment index. */
  g: number;
  /** Key values of the last row, as PostgreSQL text. */
  k: string[];
  /** The corrected search's words, per search word (decided on the first page), or false. */
  f: Corrections | false;
  /** Segment g's rows were read through the filter's own index (its walk found too few): read it so again. */
  s?: boolean;
  /** The first page counted few matches: 1, of the search (or price range); 2, of the corrected search. */
  w?: number;
  /** Fingerprint of the query the cursor belongs to. */
  h: string;
}

const INVALID_CURSOR = 'Invalid cursor';

function fingerprint(q: BrowseQuery, sort: BrowseSort): string {
  const parts = [
    sort,
    q.search ?? '',
    q.province ?? '',
    q.category ?? '',
    q.minPrice ?? '',
    q.maxPrice ?? '',
  ];
  if (sort === 'distance') parts.push(String(q.lat), String(q.lng));
  return createHash('sha256').update(parts.join('\u0001')).digest('base64url').slice(0, 12);
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, expected: string, segments: number): Cursor {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  const valid =
    c !== null &&
    typeof c === 'object' &&
    Number.isInteger(c.g) &&
    c.g >= 0 &&
    c.g < segments &&
    Array.isArray(c.k) &&
    c.k.every((v) => typeof v === 'string' && v.length <= 64) &&
    (c.f === false || validCorrections(c.f)) &&
    (c.s === undefined || typeof c.s === 'boolean') &&
    (c.w === undefined || (Number.isInteger(c.w) && c.w >= 0 && c.w <= 3)) &&
    c.h === expected;
  if (!valid) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return c;
}

/** For each corrected search word, the title words that replace it (one of them may be the word itself). */
type Corrections = string[][];

function validCorrections(value: unknown): value is Corrections {
  return (
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= CORRECTED_WORDS &&
    value.every(
      (group) =>
        Array.isArray(group) &&
        group.length >= 1 &&
        group.length <= CORRECTIONS_PER_WORD &&
        group.every((w) => typeof w === 'string' && w.length >= 3 && w.length <= 40),
    )
  );
}

// ---------------------------------------------------------------------------------------------------------
// SQL pieces (the listing is `l`)

const RECOMMENDED_KEY: Segment['key'] = [
  { expr: sql`l.rank`, type: 'smallint' },
  { expr: sql`l.created_at`, type: 'timestamptz' },
  { expr: sql`l.id`, type: 'uuid' },
];
// `desc nulls last` as the indexes are built (drizzle's .desc()): only then can they deliver the order.
const RECOMMENDED_ORDER = sql`l.rank desc nulls last, l.created_at desc nulls last, l.id desc nulls last`;

function tsQuery(search: string): SQL {
  return sql`websearch_to_tsquery(${TS_CONFIG}, ${search})`;
}
function titleMatches(search: string): SQL {
  return sql`l.title_vector @@ ${tsQuery(search)}`;
}
function documentMatches(search: string): SQL {
  return sql`l.search_vector @@ ${tsQuery(search)}`;
}
/** Every corrected word group must match (any word of a group): the words as the documents are built. */
function correctedQuery(corrections: Corrections): SQL {
  return sql.join(
    corrections.map(
      (group) =>
        sql`(${sql.join(
          group.map((w) => sql`plainto_tsquery(${TS_CONFIG}, ${w})`),
          sql` || `,
        )})`,
    ),
    sql` && `,
  );
}

/**
 * The search's words (as titles are split into title_words) with the title words spelled like them, by
 * trigram similarity over the small word table (read whole: see title_words in db/schema.ts). Null when no
 * word gets a spelling the search did not have.
 */
function correctionsQuery(search: string): SQL {
  return sql`select t.term, array(
      select w.word from title_words w
      where similarity(w.word, t.term) >= ${CORRECTION_SIMILARITY}
      order by similarity(w.word, t.term) desc, w.word
      limit ${literalLimit(CORRECTIONS_PER_WORD)}) as words
    from (select distinct term from mm_title_words(${search}) term) t
    order by t.term
    limit ${literalLimit(CORRECTED_WORDS)}`;
}

async function correctSearch(db: Db, search: string): Promise<Corrections | null> {
  const rows = await queryRows<{ term: string; words: string[] | string }>(db, correctionsQuery(search));
  const groups = rows
    .map((r) => ({ term: r.term, words: parseTextArray(r.words) }))
    .filter((r) => r.words.length > 0);
  if (!groups.some((g) => g.words.some((w) => w !== g.term))) return null;
  return groups.map((g) => g.words);
}

/** A text[] as the driver gives it: an array (node-postgres, PGlite) or its literal ('{a,b}'). */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((w) => w.replace(/^"|"$/g, '')) : [];
}

/** Great-circle (haversine) distance in km from a point to the listing; null without coordinates. */
export function haversineSql(lat: number, lng: number): SQL {
  return sql`(case when l.latitude is null or l.longitude is null then null
    else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(l.latitude - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(l.latitude))
        * power(sin(radians(l.longitude - ${lng}::float8) / 2), 2)))) end)`;
}

/** The filters every segment shares and the order indexes deliver: status, category, province. */
function baseFilters(q: BrowseQuery): SQL {
  const parts: SQL[] = [sql`l.status = 'approved'`];
  if (q.category)
    parts.push(sql`l.category_id = (select c.id from categories c where c.slug = ${q.category})`);
  if (q.province) parts.push(sql`l.province = ${q.province}`);
  return sql.join(parts, sql` and `);
}

/**
 * The price range, written on the price indexes' own expression so that a narrow range can be read from
 * them (a listing without a price is never in a range: its expression is ±Infinity).
 */
function priceFilters(q: BrowseQuery): SQL[] {
  const price = sql`coalesce(l.price_from, 'Infinity'::numeric)`;
  const parts: SQL[] = [];
  if (q.minPrice !== undefined) parts.push(sql`${price} >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) parts.push(sql`${price} <= ${q.maxPrice}`);
  else if (parts.length) parts.push(sql`${price} < 'Infinity'::numeric`);
  return parts;
}

function and(parts: (SQL | null)[]): SQL | null {
  const present = parts.filter((p): p is SQL => p !== null);
  return present.length ? sql.join(present, sql` and `) : null;
}

function segmentsFor(q: BrowseQuery, sort: BrowseSort, corrections: Corrections | false): Segment[] {
  // What every segment adds to its own filter: the price range, and a search when the order is explicit
  // (the recommended order tiers a search instead).
  const price = priceFilters(q);
  const narrowing = [...price];
  if (q.search && sort !== 'recommended') narrowing.push(documentMatches(q.search));
  const priceOnly = price.length > 0 && narrowing.length === price.length && sort !== 'distance';
  const segment = (
    tier: SQL | null,
    order: Omit<Segment, 'within' | 'filter' | 'corrected' | 'priceIndexed'>,
    within: SQL | null = null,
    corrected = false,
  ): Segment => ({
    ...order,
    within,
    filter: and([tier, ...narrowing]),
    corrected,
    priceIndexed: priceOnly && tier === null && within === null,
  });
  const recommendedOrder = {
    orderBy: RECOMMENDED_ORDER,
    key: RECOMMENDED_KEY,
    direction: 'desc' as const,
  };
  switch (sort) {
    case 'recommended': {
      if (!q.search) return [segment(null, recommendedOrder)];
      const list = [
        segment(titleMatches(q.search), recommendedOrder),
        segment(sql`${documentMatches(q.search)} and not (${titleMatches(q.search)})`, recommendedOrder),
      ];
      if (corrections) {
        const corrected = correctedQuery(corrections);
        const notFound = sql`not (${documentMatches(q.search)})`;
        list.push(
          segment(sql`l.title_vector @@ (${corrected}) and ${notFound}`, recommendedOrder, null, true),
          segment(
            sql`l.search_vector @@ (${corrected}) and not (l.title_vector @@ (${corrected})) and ${notFound}`,
            recommendedOrder,
            null,
            true,
          ),
        );
      }
      return list;
    }
    case 'newest':
      return [
        segment(null, {
          orderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
          key: [
            { expr: sql`l.created_at`, type: 'timestamptz' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        }),
      ];
    case 'price_asc': {
      const price = sql`coalesce(l.price_from, 'Infinity'::numeric)`;
      return [
        segment(null, {
          orderBy: sql`${price} asc, l.id asc`,
          key: [
            { expr: price, type: 'numeric' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'asc',
        }),
      ];
    }
    case 'price_desc': {
      const price = sql`coalesce(l.price_from, '-Infinity'::numeric)`;
      return [
        segment(null, {
          orderBy: sql`${price} desc, l.id desc`,
          key: [
            { expr: price, type: 'numeric' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        }),
      ];
    }
    case 'rating':
      return [
        segment(null, {
          orderBy: sql`l.rating desc nulls last, l.review_count desc nulls last, l.id desc nulls last`,
          key: [
            { expr: sql`l.rating`, type: 'numeric' },
            { expr: sql`l.review_count`, type: 'integer' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        }),
      ];
    case 'distance': {
      const chord = sql`(l.geo <-> mm_listing_geo(${q.lat!}::float8, ${q.lng!}::float8))`;
      // Both phases have an index of their own (listings_geo_idx, listings_browse_no_geo_idx).
      return [
        segment(
          null,
          {
            orderBy: sql`${chord} asc`,
            knn: true,
            key: [
              { expr: chord, type: 'float8' },
              { expr: sql`l.id`, type: 'uuid' },
            ],
            direction: 'asc',
          },
          sql`l.geo is not null`,
        ),
        segment(null, recommendedOrder, sql`l.geo is null`),
      ];
    }
  }
}

function afterKey(segment: Segment, values: string[]): SQL {
  if (values.length !== segment.key.length) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  const left = sql.join(
    segment.key.map((k) => k.expr),
    sql`, `,
  );
  const right = sql.join(
    segment.key.map((k, i) => sql`${values[i]!}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return segment.direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

// ---------------------------------------------------------------------------------------------------------
// Cards

interface CardRow extends Record<string, unknown> {
  id: string;
  title: string;
  city: string;
  province: string;
  price_from: string | number | null;
  price_to: string | number | null;
  featured: boolean;
  rating: string | number;
  review_count: number;
  views: number;
  category_id: string;
  category_name: string;
  category_slug: string;
  category_icon: string | null;
  provider_id: string;
  provider_name: string;
  provider_package: string;
  provider_logo: string | null;
  primary_image_url: string | null;
  distance_km: string | number | null;
}

const num = (v: string | number | null): number | null => (v == null ? null : Number(v));

export function toCard(row: CardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    province: row.province,
    priceFrom: num(row.price_from),
    priceTo: num(row.price_to),
    featured: row.featured,
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    views: Number(row.views),
    category: {
      id: row.category_id,
      name: row.category_name,
      slug: row.category_slug,
      icon: row.category_icon,
    },
    provider: {
      id: row.provider_id,
      businessName: row.provider_name,
      packageType: row.provider_package,
      logoUrl: row.provider_logo,
    },
    primaryImageUrl: row.primary_image_url,
    distanceKm: num(row.distance_km),
  };
}

/** The card columns of `l` with its category `c` and provider `sp` (one row per card, no extra query). */
export function cardSelect(distance: SQL | null): SQL {
  // The package's powers count only while it is in force (decision 0040), read at the query's time.
  return sql`l.id, l.title, l.city, l.province, l.price_from, l.price_to,
    (l.featured and ${packageInForceSql('sp')}) as featured, l.rating,
    l.review_count, l.views, c.id as category_id, c.name as category_name, c.slug as category_slug,
    c.icon as category_icon, sp.id as provider_id, sp.business_name as provider_name,
    ${effectivePackageTypeSql('sp')} as provider_package, sp.logo_url as provider_logo, l.primary_image_url,
    ${distance ?? sql`null::float8`} as distance_km`;
}

export const CARD_FROM = sql`listings l
  join categories c on c.id = l.category_id
  join service_providers sp on sp.id = l.service_provider_id`;

// ---------------------------------------------------------------------------------------------------------

/** The sort a query gets: the one asked for, else nearest first with a location, else recommended. */
export function effectiveSort(q: BrowseQuery): BrowseSort {
  return q.sort ?? (q.lat !== undefined && q.lng !== undefined ? 'distance' : 'recommended');
}

/** Distance first, then id: the order of the nearest-first segment (keys k0 = distance, k1 = id). */
function byDistanceThenId(a: CardRow, b: CardRow): number {
  const d = Number(a.k0) - Number(b.k0);
  if (d !== 0) return d;
  return String(a.k1) < String(b.k1) ? -1 : String(a.k1) > String(b.k1) ? 1 : 0;
}

function keyColumns(segment: Segment): SQL {
  return sql.join(
    segment.key.map((k, i) => sql`(${k.expr})::text as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
}

/**
 * Which rows a segment reads after a key (or from its start): the base filters, its part of the order
 * (`within`), and its filter unless the caller tests that on each row (a walk).
 */
function segmentWhere(
  base: SQL,
  segment: Segment,
  after: string[] | null,
  opts: { filter: boolean } = { filter: true },
): SQL {
  const where = [base];
  if (segment.within) where.push(segment.within);
  if (opts.filter && segment.filter) where.push(segment.filter);
  if (after) where.push(afterKey(segment, after));
  return sql.join(where, sql` and `);
}

/** The rows of one segment after a key (or from its start): the order's index, stopping after the page. */
function segmentQuery(
  base: SQL,
  segment: Segment,
  distance: SQL | null,
  after: string[] | null,
  limit: number,
): SQL {
  const where = segmentWhere(base, segment, after);
  return sql`select ${cardSelect(distance)}, ${keyColumns(segment)}
    from ${CARD_FROM}
    where ${where}
    order by ${segment.orderBy}
    limit ${literalLimit(limit)}`;
}

/**
 * The segment's page read through its filter's own index (text or price: see `inSparseMode`): the matches
 * after the key are sorted and cut to the page first (their ids only, so that a price range is sorted from
 * its covering index without reading a row), and only the page's rows are read and joined to their category
 * and provider (ordered index scans are off for the whole statement, unless the segment is `priceIndexed`).
 */
function sparseQuery(
  base: SQL,
  segment: Segment,
  distance: SQL | null,
  after: string[] | null,
  limit: number,
): SQL {
  const where = segmentWhere(base, segment, after);
  return sql`select ${cardSelect(distance)}, ${keyColumns(segment)}
    from (select l.* from listings l
          join (select l.id from listings l where ${where}
                order by ${segment.orderBy} limit ${literalLimit(limit)}) page on page.id = l.id) l
      join categories c on c.id = l.category_id
      join service_providers sp on sp.id = l.service_provider_id
    order by ${segment.orderBy}`;
}

/**
 * The next `budget` rows of the order (what its index delivers), the segment's filter tested on those
 * alone; each row also says how many rows the walk had (`walked`: fewer than the budget means the segment
 * ended within it). One row with a null id when none passed. One statement, so one snapshot.
 */
function walkQuery(
  base: SQL,
  segment: Segment,
  distance: SQL | null,
  after: string[] | null,
  limit: number,
  budget: number,
): SQL {
  const head = segmentWhere(base, segment, after, { filter: false });
  // A nested loop over the one-row count keeps the lateral page's order.
  return sql`select m.walked, p.* from
      (select count(*)::int as walked
        from (select 1 from listings l where ${head} limit ${literalLimit(budget)}) s) m
    left join lateral (
      select ${cardSelect(distance)}, ${keyColumns(segment)}
      from (select l.* from listings l where ${head}
            order by ${segment.orderBy} limit ${literalLimit(budget)}) l
        join categories c on c.id = l.category_id
        join service_providers sp on sp.id = l.service_provider_id
      where ${segment.filter ?? sql`true`}
      order by ${segment.orderBy}
      limit ${literalLimit(limit)}) p on true`;
}

/** A LIMIT written into the statement's text (see `queryRows`' prepare option). */
function literalLimit(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`bad limit ${n}`);
  return sql.raw(String(n));
}

/** Counts the rows of `where`, stopping at cap + 1. */
function countQuery(where: SQL, cap = BROWSE_COUNT_CAP): SQL {
  return sql`select count(*)::int as n from (select 1 from listings l where ${where} limit ${literalLimit(cap + 1)}) s`;
}

/** Runs the statements with ordered index scans off (and no parallel workers for a few rows). */
async function inSparseMode<T>(db: Db, run: (runner: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const setting of SPARSE_SETTINGS) await tx.execute(sql.raw(setting));
    return run(tx as unknown as Db);
  });
}
const SPARSE_SETTINGS = [
  'set local enable_indexscan = off',
  'set local enable_indexonlyscan = off',
  'set local max_parallel_workers_per_gather = 0',
];

/** A statement a page ran, for plans and benchmarks (see firstPageStatements). */
export interface TracedStatement {
  /** count: the total; rows: a segment's page (walk: a bounded walk; sparse: through the filter's index). */
  kind: 'count' | 'rows' | 'walk' | 'sparse' | 'corrections';
  sql: SQL;
  /** SET LOCAL statements it runs under. */
  settings: string[];
  prepared: boolean;
}
type Trace = (statement: TracedStatement) => void;

/** Runs a statement (and tells the trace). */
async function run<T extends Record<string, unknown>>(
  db: Db,
  statement: Omit<TracedStatement, 'settings'> & { sparse?: boolean },
  trace: Trace | undefined,
): Promise<T[]> {
  const settings = statement.sparse ? SPARSE_SETTINGS : [];
  trace?.({ kind: statement.kind, sql: statement.sql, settings, prepared: statement.prepared });
  return statement.sparse
    ? inSparseMode(db, (tx) => queryRows<T>(tx, statement.sql))
    : queryRows<T>(db, statement.sql, { prepare: statement.prepared });
}

async function countUpTo(
  db: Db,
  where: SQL,
  cap: number,
  prepared: boolean,
  trace: Trace | undefined,
): Promise<number> {
  const [row] = await run<{ n: number }>(db, { kind: 'count', sql: countQuery(where, cap), prepared }, trace);
  return Number(row?.n ?? 0);
}

interface SegmentRead {
  rows: CardRow[];
  /** Read through the filter's own index. */
  sparse: boolean;
}

/**
 * One segment's rows after a key. A segment without a selective filter is an index walk that stops after
 * the page (a prepared statement: its plan never depends on the values). A selective one walks at most
 * `reading.walkBudget` rows first; if that leaves the page short while more rows follow, it reads the filter's
 * matches through their own index instead (and says so, for the cursor). `sparse` skips the walk.
 */
async function readSegment(
  db: Db,
  base: SQL,
  segment: Segment,
  distance: SQL | null,
  after: string[] | null,
  limit: number,
  sparse: boolean,
  trace: Trace | undefined,
): Promise<SegmentRead> {
  if (!segment.filter) {
    const sqlText = segmentQuery(base, segment, distance, after, limit);
    return {
      rows: await run<CardRow>(db, { kind: 'rows', sql: sqlText, prepared: true }, trace),
      sparse: false,
    };
  }
  // A price range alone needs no walk: its statement below is planned for the range, and the planner picks
  // the order's index for a wide one and the price index for a narrow one (the walk cost a narrow range at
  // a million listings 3 ms for nothing).
  if (!sparse && !segment.priceIndexed) {
    // The walk's plan is the order's index whatever the filter's values: prepared.
    const walk = walkQuery(base, segment, distance, after, limit, reading.walkBudget);
    const answer = await run<CardRow & { walked: number }>(
      db,
      { kind: 'walk', sql: walk, prepared: true },
      trace,
    );
    const rows = answer.filter((r) => r.id !== null);
    if (rows.length >= limit || Number(answer[0]?.walked ?? 0) < reading.walkBudget) {
      return { rows, sparse: false };
    }
  }
  const matches = sparseQuery(base, segment, distance, after, limit);
  return {
    rows: await run<CardRow>(
      db,
      { kind: 'sparse', sql: matches, prepared: false, sparse: !segment.priceIndexed },
      trace,
    ),
    sparse: true,
  };
}

/**
 * The `need` nearest rows in (distance, id) order. The index delivers rows by distance only, so a limit can
 * cut a group of equally distant rows anywhere: fetch a little more, and more again until the farthest row
 * fetched is strictly farther than the last one kept (or nothing is left), then order ties by id.
 */
async function nearestWithTies(
  read: (limit: number) => Promise<SegmentRead>,
  need: number,
): Promise<SegmentRead> {
  for (let limit = need + 8; ; limit *= 2) {
    const found = await read(limit);
    const rows = found.rows.sort(byDistanceThenId);
    if (rows.length < limit || rows.length <= need) return { ...found, rows: rows.slice(0, need) };
    const kept = Number(rows[need - 1]!.k0);
    if (Number(rows.at(-1)!.k0) > kept) return { ...found, rows: rows.slice(0, need) };
  }
}

interface FirstPage {
  corrections: Corrections | false;
  total: number;
  /** Few matches (bitmask as in the cursor): 1, of the search or price range; 2, of the corrected search. */
  few: number;
}

/**
 * What the first page decides and later pages carry in the cursor: whether the corrected search joins a
 * search (full text finds fewer than FUZZY_BELOW) and with which words; whether the matches are few
 * (then read through their own index from the start); and the count. Plain browse counts as a prepared
 * statement; a count with a search term or a price range is planned for its values (a common word is
 * counted by reading rows until the cap, a rare one through the text index).
 */
async function decideFirstPage(
  db: Db,
  q: BrowseQuery,
  sort: BrowseSort,
  base: SQL,
  trace: Trace | undefined,
): Promise<FirstPage> {
  const price = priceFilters(q);
  const filtered = and([base, ...price])!;
  const few = (n: number, bit: number) => (n <= reading.fewMatches ? bit : 0);
  if (!q.search) {
    const total = await countUpTo(db, filtered, BROWSE_COUNT_CAP, price.length === 0, trace);
    return { corrections: false, total, few: price.length ? few(total, 1) : 0 };
  }
  const membership = sql`${filtered} and ${documentMatches(q.search)}`;
  const fullText = await countUpTo(db, membership, BROWSE_COUNT_CAP, false, trace);
  const plain = { corrections: false as const, total: fullText, few: few(fullText, 1) };
  if (sort !== 'recommended' || fullText >= FUZZY_BELOW) return plain;
  trace?.({ kind: 'corrections', sql: correctionsQuery(q.search), settings: [], prepared: false });
  const corrections = await correctSearch(db, q.search);
  if (!corrections) return plain;
  const near = await countUpTo(
    db,
    sql`${filtered} and l.search_vector @@ (${correctedQuery(corrections)}) and not (${documentMatches(q.search)})`,
    BROWSE_COUNT_CAP,
    false,
    trace,
  );
  return {
    corrections,
    total: Math.min(BROWSE_COUNT_CAP + 1, fullText + near),
    few: plain.few | few(near, 2),
  };
}

/**
 * Every statement the first page of a query runs, in order, with the settings it runs under and whether it
 * is prepared: for plans (bench/explain.ts, tests) and for pgbench (bench/browse.ts).
 */
export async function firstPageStatements(db: Db, q: BrowseQuery): Promise<TracedStatement[]> {
  const statements: TracedStatement[] = [];
  await browse(db, { ...q, cursor: undefined }, (s) => statements.push(s));
  return statements;
}

export async function browse(db: Db, q: BrowseQuery, trace?: Trace): Promise<BrowseResult> {
  const sort = effectiveSort(q);
  const hash = fingerprint(q, sort);
  const base = baseFilters(q);
  const distance = q.lat !== undefined && q.lng !== undefined ? haversineSql(q.lat, q.lng) : null;

  let first: Omit<FirstPage, 'total'> & { total: number | null };
  let cursor: Cursor | null = null;
  if (q.cursor) {
    cursor = decodeCursor(q.cursor, hash, 4);
    first = { corrections: cursor.f, total: null, few: cursor.w ?? 0 };
  } else {
    first = await decideFirstPage(db, q, sort, base, trace);
  }
  const { corrections, total, few } = first;

  const segments = segmentsFor(q, sort, corrections);
  if (cursor && cursor.g >= segments.length) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });

  // Collect pageSize + 1 rows across segments: the extra row says whether there is a next page.
  const want = q.pageSize + 1;
  const rows: { row: CardRow; segment: number; sparse: boolean; key: string[] }[] = [];
  for (let g = cursor?.g ?? 0; g < segments.length && rows.length < want; g++) {
    const segment = segments[g]!;
    const atCursor = cursor !== null && g === cursor.g;
    const after = atCursor ? cursor!.k : null;
    const sparse = (atCursor && cursor!.s === true) || (few & (segment.corrected ? 2 : 1)) !== 0;
    const need = want - rows.length;
    const read = (limit: number) => readSegment(db, base, segment, distance, after, limit, sparse, trace);
    const found = segment.knn ? await nearestWithTies(read, need) : await read(need);
    for (const row of found.rows) {
      rows.push({
        row,
        segment: g,
        sparse: found.sparse,
        key: segment.key.map((_, i) => String(row[`k${i}`])),
      });
    }
  }

  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.pageSize && last
      ? encodeCursor({
          g: last.segment,
          k: last.key,
          f: corrections,
          ...(last.sparse ? { s: true } : {}),
          ...(few ? { w: few } : {}),
          h: hash,
        })
      : null;
  return {
    items: page.map((r) => toCard(r.row)),
    nextCursor,
    total: total === null ? null : Math.min(total, BROWSE_COUNT_CAP),
    totalExact: total !== null && total <= BROWSE_COUNT_CAP,
    sort,
  };
}
