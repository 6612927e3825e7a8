/**
 * List queries shared by the server's list routes and the web's tables (admin listings, users, access
 * requests, audit log, articles): one zod schema per table describes page, page size, sort and filters.
 * The server validates its query string with it (400 on a bad value); the web reads the URL with
 * `readListQuery`, which keeps every valid value and falls back to the default for the rest.
 * Also the page arithmetic the pagination shows. No I/O here.
 */
import { z } from 'zod';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The spec's admin page sizes; 50 is the default. */
export const DEFAULT_PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** Deep pages are refused: 10,000 pages of 25 is 250,000 rows, more than any table here holds. */
export const LIST_MAX_PAGE = 10_000;
/** The spec: "pagination shows at most the first 5 page numbers". */
export const PAGE_NUMBERS_SHOWN = 5;
export const TEXT_FILTER_MAX_LENGTH = 100;

/** The four keys every list query has; all other keys of a list query schema are filters. */
export const LIST_QUERY_KEYS = ['page', 'pageSize', 'sort', 'dir'] as const;
export type ListQueryKey = (typeof LIST_QUERY_KEYS)[number];

export interface ListQueryOptions<S extends string> {
  /** The fields the table may be sorted by (column keys the server maps to SQL). */
  sortFields: readonly [S, ...S[]];
  defaultSort: NoInfer<S>;
  /** Default 'desc' (newest first, the usual admin order). */
  defaultDir?: SortDirection;
  /** Allowed page sizes; default 25, 50, 100, 250. */
  pageSizes?: readonly [number, ...number[]];
  /** Must be one of `pageSizes`; default 50. */
  defaultPageSize?: number;
}

/** Query strings send '' for a cleared field: treat it as absent so the default applies. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function assertOptions<S extends string>(options: ListQueryOptions<S>, pageSizes: readonly number[]) {
  if (!options.sortFields.includes(options.defaultSort)) {
    throw new Error(`listQuerySchema: default sort '${options.defaultSort}' is not a sort field`);
  }
  if (!pageSizes.every((size) => Number.isInteger(size) && size > 0)) {
    throw new Error('listQuerySchema: page sizes must be positive whole numbers');
  }
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  if (!pageSizes.includes(defaultPageSize)) {
    throw new Error(`listQuerySchema: default page size ${defaultPageSize} is not an allowed size`);
  }
}

/**
 * The zod schema of a list query: `page` (1-based), `pageSize` (one of the allowed sizes), `sort` (one of
 * the sort fields) and `dir` (asc or desc), each with its default. Add the table's filters with
 * `.extend({ search: textFilter(), status: choiceFilter([...], 'pending') })`.
 */
export function listQuerySchema<const S extends string>(options: ListQueryOptions<S>) {
  const pageSizes = options.pageSizes ?? DEFAULT_PAGE_SIZES;
  assertOptions(options, pageSizes);
  const sizesText = pageSizes.join(', ');
  return z.object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Page must be a whole number' })
        .int('Page must be a whole number')
        .min(1, 'Page must be at least 1')
        .max(LIST_MAX_PAGE, `Page must be at most ${LIST_MAX_PAGE}`)
        .default(1),
    ),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: `Page size must be one of ${sizesText}` })
        .refine((size) => pageSizes.includes(size), `Page size must be one of ${sizesText}`)
        .default(options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(options.sortFields, { error: `Sort must be one of ${options.sortFields.join(', ')}` })
        .default(options.defaultSort),
    ),
    dir: z.preprocess(
      blankToUndefined,
      z
        .enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc' })
        .default(options.defaultDir ?? 'desc'),
    ),
  });
}

/** The parsed page, page size, sort and direction of a table with these sort fields. */
export type ListQuery<S extends string = string> = z.output<ReturnType<typeof listQuerySchema<S>>>;

/** A free-text filter (search box): trimmed, at most `maxLength` characters, absent when blank. */
export function textFilter(maxLength: number = TEXT_FILTER_MAX_LENGTH, label = 'Search') {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(maxLength, `${label} must be at most ${maxLength} characters`)
      .optional()
      .transform((value) => (value ? value : undefined)),
  );
}

/** A filter with a fixed set of values (tab, status, province…); absent means "all" unless a default is given. */
export function choiceFilter<const V extends string>(values: readonly [V, ...V[]]): z.ZodType<V | undefined>;
export function choiceFilter<const V extends string>(
  values: readonly [V, ...V[]],
  defaultValue: NoInfer<V>,
): z.ZodType<V>;
export function choiceFilter<const V extends string>(values: readonly [V, ...V[]], defaultValue?: V) {
  const choice = z.enum(values, { error: `Must be one of ${values.join(', ')}` });
  return z.preprocess(
    blankToUndefined,
    defaultValue === undefined ? choice.optional() : choice.default(defaultValue),
  );
}

/** What every list query parses to; the schema's other keys are the table's filters. */
export interface ListQueryBase {
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDirection;
}

/** A list query schema: `listQuerySchema(...)`, possibly extended with filters. */
export type ListQuerySchema = z.ZodObject & z.ZodType<ListQueryBase>;

/** Each field's value when the query string does not have it. */
export function listQueryDefaults<T extends ListQuerySchema>(schema: T): z.output<T> {
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse(undefined);
    if (!parsed.success) {
      throw new Error(`List query field '${key}' needs a default or must be optional`);
    }
    defaults[key] = parsed.data;
  }
  return defaults as z.output<T>;
}

/**
 * Read a list query leniently (for URLs, which people edit and share): each field that parses keeps its
 * value, each one that does not gets its default. Never throws for any input.
 */
export function readListQuery<T extends ListQuerySchema>(
  schema: T,
  get: (key: string) => string | null | undefined,
): z.output<T> {
  const defaults = listQueryDefaults(schema) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = get(key);
    const parsed = raw == null ? undefined : field.safeParse(raw);
    values[key] = parsed?.success ? parsed.data : defaults[key];
  }
  return values as z.output<T>;
}

// ---------------------------------------------------------------------------------------------------------
// Sorting and page arithmetic

export interface SortState<S extends string = string> {
  sort: S;
  dir: SortDirection;
}

/**
 * The sort after a click on a column header: the sorted column flips direction; another column starts
 * with `firstDir` (ascending for names, a caller may pass 'desc' for dates and amounts).
 */
export function nextSort<S extends string>(
  current: SortState<S>,
  field: S,
  firstDir: SortDirection = 'asc',
): SortState<S> {
  if (current.sort === field) return { sort: field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: field, dir: firstDir };
}

/** Number of pages for `total` rows; 0 when there are none. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/** The 1-based rows a page shows ('Showing from–to of total'); { from: 0, to: 0 } when it shows none. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const count = pageCount(total, pageSize);
  if (count === 0 || page < 1 || page > count) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(page * pageSize, total) };
}

export type PageNumbersMode = 'first' | 'around-current';

/**
 * The page numbers to offer as buttons. 'first' (the spec's admin tables): pages 1 to `max`, whatever the
 * current page. 'around-current': `max` pages with the current one as near the middle as the ends allow.
 */
export function pageNumbers(
  current: number,
  count: number,
  max: number = PAGE_NUMBERS_SHOWN,
  mode: PageNumbersMode = 'first',
): number[] {
  const shown = Math.max(0, Math.min(Math.floor(max), Math.floor(count)));
  if (shown === 0) return [];
  let start = 1;
  if (mode === 'around-current') {
    const clamped = Math.min(Math.max(Math.floor(current), 1), count);
    start = Math.min(Math.max(clamped - Math.floor((shown - 1) / 2), 1), count - shown + 1);
  }
  return Array.from({ length: shown }, (_, i) => start + i);
}
