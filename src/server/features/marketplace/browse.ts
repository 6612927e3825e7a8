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

/** Full text finds fewer than this many listings: the matches of the corrected search are added after them. */
export const FUZZY_BELOW = 10;
/** Close title words kept per search word, and search words corrected (the rest are left out). */
const CORRECTIONS_PER_WORD = 3;
const CORRECTED_WORDS = 8;
/** How close (pg_trgm similarity) a title word must be to a search word to replace it. */
const CORRECTION_SIMILARITY = 0.3;
/** The text search configuration of the listing documents (see migrations/0003). */
const TS_CONFIG = sql.raw(`'english'::regconfig`);

type KeyType = 'smallint' | 'integer' | 'timestamptz' | 'uuid' | 'numeric' | 'float8' | 'real';

interface Segment {
  /** Rows of this segment, on top of the common filters. */
  filter: SQL | null;
  orderBy: SQL;
  /** The sort key, in order, and whether rows after the cursor have greater (asc) or smaller (desc) keys. */
  key: { expr: SQL; type: KeyType }[];
  direction: 'asc' | 'desc';
  /** A tier of the corrected search (its own sparse decision). */
  fuzzy?: boolean;
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
  /** Few full-text matches: segments read them through the text index (decided on the first page). */
  s?: boolean;
  /** The same for the corrected search's tiers. */
  fs?: boolean;
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
    (c.fs === undefined || typeof c.fs === 'boolean') &&
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
 * trigram similarity over the small word table (read whole: see title_words in db/schema.ts). Null when no word gets a spelling the search did not have.
 */
async function correctSearch(db: Db, search: string): Promise<Corrections | null> {
  const rows = await queryRows<{ term: string; words: string[] | string }>(
    db,
    sql`select t.term, array(
        select w.word from title_words w
        where similarity(w.word, t.term) >= ${CORRECTION_SIMILARITY}
        order by similarity(w.word, t.term) desc, w.word
        limit ${CORRECTIONS_PER_WORD}) as words
      from (select distinct term from mm_title_words(${search}) term) t
      order by t.term
      limit ${CORRECTED_WORDS}`,
  );
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

/** The filters every segment shares. */
function commonFilters(q: BrowseQuery, sort: BrowseSort): SQL {
  const parts: SQL[] = [sql`l.status = 'approved'`];
  if (q.category)
    parts.push(sql`l.category_id = (select c.id from categories c where c.slug = ${q.category})`);
  if (q.province) parts.push(sql`l.province = ${q.province}`);
  if (q.minPrice !== undefined) parts.push(sql`l.price_from >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) parts.push(sql`l.price_from <= ${q.maxPrice}`);
  // A search with an explicit order filters by full text; the recommended order tiers it instead.
  if (q.search && sort !== 'recommended') parts.push(documentMatches(q.search));
  return sql.join(parts, sql` and `);
}

function segmentsFor(q: BrowseQuery, sort: BrowseSort, corrections: Corrections | false): Segment[] {
  const recommended = (filter: SQL | null): Segment => ({
    filter,
    orderBy: RECOMMENDED_ORDER,
    key: RECOMMENDED_KEY,
    direction: 'desc',
  });
  switch (sort) {
    case 'recommended': {
      if (!q.search) return [recommended(null)];
      const list = [
        recommended(titleMatches(q.search)),
        recommended(sql`${documentMatches(q.search)} and not (${titleMatches(q.search)})`),
      ];
      if (corrections) {
        const corrected = correctedQuery(corrections);
        const notFound = sql`not (${documentMatches(q.search)})`;
        list.push(
          { ...recommended(sql`l.title_vector @@ (${corrected}) and ${notFound}`), fuzzy: true },
          {
            ...recommended(
              sql`l.search_vector @@ (${corrected}) and not (l.title_vector @@ (${corrected})) and ${notFound}`,
            ),
            fuzzy: true,
          },
        );
      }
      return list;
    }
    case 'newest':
      return [
        {
          filter: null,
          orderBy: sql`l.created_at desc nulls last, l.id desc nulls last`,
          key: [
            { expr: sql`l.created_at`, type: 'timestamptz' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        },
      ];
    case 'price_asc': {
      const price = sql`coalesce(l.price_from, 'Infinity'::numeric)`;
      return [
        {
          filter: null,
          orderBy: sql`${price} asc, l.id asc`,
          key: [
            { expr: price, type: 'numeric' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'asc',
        },
      ];
    }
    case 'price_desc': {
      const price = sql`coalesce(l.price_from, '-Infinity'::numeric)`;
      return [
        {
          filter: null,
          orderBy: sql`${price} desc, l.id desc`,
          key: [
            { expr: price, type: 'numeric' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        },
      ];
    }
    case 'rating':
      return [
        {
          filter: null,
          orderBy: sql`l.rating desc nulls last, l.review_count desc nulls last, l.id desc nulls last`,
          key: [
            { expr: sql`l.rating`, type: 'numeric' },
            { expr: sql`l.review_count`, type: 'integer' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'desc',
        },
      ];
    case 'distance': {
      const chord = sql`(l.geo <-> mm_listing_geo(${q.lat!}::float8, ${q.lng!}::float8))`;
      return [
        {
          filter: sql`l.geo is not null`,
          orderBy: sql`${chord} asc`,
          knn: true,
          key: [
            { expr: chord, type: 'float8' },
            { expr: sql`l.id`, type: 'uuid' },
          ],
          direction: 'asc',
        },
        recommended(sql`l.geo is null`),
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
  return sql`l.id, l.title, l.city, l.province, l.price_from, l.price_to, l.featured, l.rating,
    l.review_count, l.views, c.id as category_id, c.name as category_name, c.slug as category_slug,
    c.icon as category_icon, sp.id as provider_id, sp.business_name as provider_name,
    sp.package_type as provider_package, sp.logo_url as provider_logo, l.primary_image_url,
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

/**
 * The `need` nearest rows in (distance, id) order. The index delivers rows by distance only, so a limit can
 * cut a group of equally distant rows anywhere: fetch a little more, and more again until the farthest row
 * fetched is strictly farther than the last one kept (or nothing is left), then order ties by id.
 */
async function nearestWithTies(run: (limit: number) => Promise<CardRow[]>, need: number): Promise<CardRow[]> {
  for (let limit = need + 8; ; limit *= 2) {
    const found = (await run(limit)).sort(byDistanceThenId);
    if (found.length < limit || found.length <= need) return found.slice(0, need);
    const kept = Number(found[need - 1]!.k0);
    if (Number(found.at(-1)!.k0) > kept) return found.slice(0, need);
  }
}

/** The rows of one segment after a key (or from its start), card columns and key columns. */
function segmentQuery(
  common: SQL,
  segment: Segment,
  distance: SQL | null,
  after: string[] | null,
  limit: number,
): SQL {
  const where = [common];
  if (segment.filter) where.push(segment.filter);
  if (after) where.push(afterKey(segment, after));
  const keyColumns = sql.join(
    segment.key.map((k, i) => sql`(${k.expr})::text as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  return sql`select ${cardSelect(distance)}, ${keyColumns}
    from ${CARD_FROM}
    where ${sql.join(where, sql` and `)}
    order by ${segment.orderBy}
    limit ${literalLimit(limit)}`;
}

/** A LIMIT written into the statement's text (see `prepared`). */
function literalLimit(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`bad limit ${n}`);
  return sql.raw(String(n));
}

function countQuery(where: SQL, cap = BROWSE_COUNT_CAP): SQL {
  return sql`select count(*)::int as n from (select 1 from listings l where ${where} limit ${literalLimit(cap + 1)}) s`;
}

async function countUpTo(db: Db, where: SQL, cap = BROWSE_COUNT_CAP, prepare = false): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, countQuery(where, cap), { prepare });
  return Number(row?.n ?? 0);
}

/**
 * Whether a query's statements run as prepared statements (planned once per connection: planning a page
 * costs more than running it). Not with a search (how many rows match a term decides the plan) nor with a
 * price range (a plan made without knowing the range guesses it matches few rows and would sort the rest).
 */
function prepared(q: BrowseQuery): boolean {
  return !q.search && q.minPrice === undefined && q.maxPrice === undefined;
}

/**
 * Below this many full-text matches a search reads its matches through the text index and sorts them,
 * instead of walking an order index and testing every row it passes: at a million listings a rare word
 * would otherwise be looked for in every row (seconds), while a few thousand matches sort in milliseconds.
 * Above it the matches are dense enough that an order index finds a page of them after a short walk.
 */
export const SPARSE_SEARCH_BELOW = 5_000;

/** Runs the page's queries with ordered index scans off, so the planner reads the matches by bitmap. */
async function inSparseMode<T>(db: Db, run: (runner: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local enable_indexscan = off'));
    await tx.execute(sql.raw('set local enable_indexonlyscan = off'));
    return run(tx as unknown as Db);
  });
}

interface FirstPage {
  corrections: Corrections | false;
  /** The search's own tiers are read by bitmap (few matches). */
  sparse: boolean;
  /** The corrected search's tiers are read by bitmap. */
  fuzzySparse: boolean;
  total: number;
}

/**
 * The statements a first page runs, for plans and benchmarks: the count (or, for a search, the probe that
 * counts and decides) and each segment's rows with the settings they run under (SET LOCAL statements), and
 * whether they run as prepared statements.
 */
export async function firstPageStatements(
  db: Db,
  q: BrowseQuery,
): Promise<{ count: SQL; segments: { sql: SQL; settings: string[] }[]; prepared: boolean }> {
  const sort = effectiveSort(q);
  const common = commonFilters(q, sort);
  const distance = q.lat !== undefined && q.lng !== undefined ? haversineSql(q.lat, q.lng) : null;
  const membership =
    q.search && sort === 'recommended' ? sql`${common} and ${documentMatches(q.search)}` : common;
  const first = await decideFirstPage(db, q, sort, common);
  return {
    count: countQuery(membership, q.search ? SPARSE_SEARCH_BELOW : BROWSE_COUNT_CAP),
    segments: segmentsFor(q, sort, first.corrections).map((segment) => ({
      sql: segmentQuery(common, segment, distance, null, q.pageSize + 1),
      settings: (segment.fuzzy ? first.fuzzySparse : first.sparse)
        ? ['set local enable_indexscan = off', 'set local enable_indexonlyscan = off']
        : [],
    })),
    prepared: prepared(q),
  };
}

/**
 * What the first page decides and later pages carry in the cursor: whether the corrected search joins a
 * search (full text finds fewer than FUZZY_BELOW) and with which words, whether matches are few enough to
 * be read through the text index (SPARSE_SEARCH_BELOW), and the count.
 */
async function decideFirstPage(db: Db, q: BrowseQuery, sort: BrowseSort, common: SQL): Promise<FirstPage> {
  const plain = { corrections: false as const, fuzzySparse: false };
  if (!q.search)
    return { ...plain, sparse: false, total: await countUpTo(db, common, BROWSE_COUNT_CAP, prepared(q)) };
  const membership = sort === 'recommended' ? sql`${common} and ${documentMatches(q.search)}` : common;
  const fullText = await countUpTo(db, membership, SPARSE_SEARCH_BELOW);
  const sparse = fullText < SPARSE_SEARCH_BELOW;
  if (sort !== 'recommended' || fullText >= FUZZY_BELOW) return { ...plain, sparse, total: fullText };
  const corrections = await correctSearch(db, q.search);
  if (!corrections) return { ...plain, sparse, total: fullText };
  const near = await countUpTo(
    db,
    sql`${common} and l.search_vector @@ (${correctedQuery(corrections)}) and not (${documentMatches(q.search)})`,
    SPARSE_SEARCH_BELOW,
  );
  return {
    corrections,
    sparse,
    fuzzySparse: near < SPARSE_SEARCH_BELOW,
    total: Math.min(BROWSE_COUNT_CAP + 1, fullText + near),
  };
}

export async function browse(db: Db, q: BrowseQuery): Promise<BrowseResult> {
  const sort = effectiveSort(q);
  const hash = fingerprint(q, sort);
  const common = commonFilters(q, sort);
  const distance = q.lat !== undefined && q.lng !== undefined ? haversineSql(q.lat, q.lng) : null;

  let first: Omit<FirstPage, 'total'> & { total: number | null };
  let cursor: Cursor | null = null;
  if (q.cursor) {
    cursor = decodeCursor(q.cursor, hash, 4);
    first = {
      corrections: cursor.f,
      sparse: cursor.s === true,
      fuzzySparse: cursor.fs === true,
      total: null,
    };
  } else {
    first = await decideFirstPage(db, q, sort, common);
  }
  const { corrections, sparse, fuzzySparse, total } = first;

  const segments = segmentsFor(q, sort, corrections);
  if (cursor && cursor.g >= segments.length) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });

  // Collect pageSize + 1 rows across segments: the extra row says whether there is a next page.
  const want = q.pageSize + 1;
  const rows: { row: CardRow; segment: number; key: string[] }[] = [];
  for (let g = cursor?.g ?? 0; g < segments.length && rows.length < want; g++) {
    const segment = segments[g]!;
    const after = cursor && g === cursor.g ? cursor.k : null;
    const need = want - rows.length;
    const run = (limit: number) => {
      const query = segmentQuery(common, segment, distance, after, limit);
      return (segment.fuzzy ? fuzzySparse : sparse)
        ? inSparseMode(db, (tx) => queryRows<CardRow>(tx, query))
        : queryRows<CardRow>(db, query, { prepare: prepared(q) });
    };
    const found = segment.knn ? await nearestWithTies(run, need) : await run(need);
    for (const row of found) {
      rows.push({ row, segment: g, key: segment.key.map((_, i) => String(row[`k${i}`])) });
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
          ...(sparse ? { s: true } : {}),
          ...(fuzzySparse ? { fs: true } : {}),
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
