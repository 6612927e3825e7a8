import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  choiceFilter,
  listQueryDefaults,
  listQuerySchema,
  nextSort,
  pageCount,
  pageNumbers,
  pageRange,
  readListQuery,
  textFilter,
  type ListQuery,
} from './table.ts';

/** The admin listings table of the spec: sizes 25/50/100/250 (50), created_at desc, four sort fields. */
const adminListings = listQuerySchema({
  sortFields: ['title', 'business_name', 'price_from', 'created_at'],
  defaultSort: 'created_at',
}).extend({
  search: textFilter(),
  status: choiceFilter(['pending', 'approved', 'rejected', 'all'], 'pending'),
  province: choiceFilter(['gauteng', 'western_cape']),
});

const fromRecord = (record: Record<string, string>) => (key: string) => record[key];

describe('listQuerySchema (server side: strict)', () => {
  it('fills every default from an empty query', () => {
    expect(adminListings.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'created_at',
      dir: 'desc',
      search: undefined,
      status: 'pending',
      province: undefined,
    });
  });

  it('coerces query-string values', () => {
    const parsed = adminListings.parse({
      page: '3',
      pageSize: '250',
      sort: 'title',
      dir: 'asc',
      search: '  photo  ',
      status: 'all',
      province: 'gauteng',
    });
    expect(parsed).toEqual({
      page: 3,
      pageSize: 250,
      sort: 'title',
      dir: 'asc',
      search: 'photo',
      status: 'all',
      province: 'gauteng',
    });
  });

  it('treats blank values as absent', () => {
    expect(adminListings.parse({ page: '', pageSize: ' ', sort: '', dir: '', search: '   ' })).toMatchObject({
      page: 1,
      pageSize: 50,
      sort: 'created_at',
      dir: 'desc',
      search: undefined,
    });
  });

  it.each([
    ['page', '0', 'Page must be at least 1'],
    ['page', '-2', 'Page must be at least 1'],
    ['page', '1.5', 'Page must be a whole number'],
    ['page', 'abc', 'Page must be a whole number'],
    ['page', '10001', 'Page must be at most 10000'],
    ['pageSize', '30', 'Page size must be one of 25, 50, 100, 250'],
    ['pageSize', 'all', 'Page size must be one of 25, 50, 100, 250'],
    ['sort', 'password', 'Sort must be one of title, business_name, price_from, created_at'],
    ['dir', 'up', 'Direction must be asc or desc'],
    ['search', 'x'.repeat(101), 'Search must be at most 100 characters'],
    ['status', 'deleted', 'Must be one of pending, approved, rejected, all'],
  ])('refuses %s=%s with "%s"', (key, value, message) => {
    const result = adminListings.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([key]);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts custom sizes and directions', () => {
    const schema = listQuerySchema({
      sortFields: ['name'],
      defaultSort: 'name',
      defaultDir: 'asc',
      pageSizes: [10, 20],
      defaultPageSize: 10,
    });
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'name', dir: 'asc' });
    expect(schema.safeParse({ pageSize: '50' }).success).toBe(false);
  });

  it('refuses inconsistent options when the schema is built', () => {
    expect(() => listQuerySchema({ sortFields: ['a'], defaultSort: 'b' as 'a' })).toThrowError(
      /default sort/,
    );
    expect(() => listQuerySchema({ sortFields: ['a'], defaultSort: 'a', defaultPageSize: 30 })).toThrowError(
      /default page size/,
    );
    expect(() => listQuerySchema({ sortFields: ['a'], defaultSort: 'a', pageSizes: [0, 50] })).toThrowError(
      /positive whole numbers/,
    );
  });

  it('types the parsed query from the schema', () => {
    type Parsed = z.output<typeof adminListings>;
    expectTypeOf<Parsed['sort']>().toEqualTypeOf<'title' | 'business_name' | 'price_from' | 'created_at'>();
    expectTypeOf<Parsed['status']>().toEqualTypeOf<'pending' | 'approved' | 'rejected' | 'all'>();
    expectTypeOf<Parsed['province']>().toEqualTypeOf<'gauteng' | 'western_cape' | undefined>();
    expectTypeOf<Parsed['search']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ListQuery<'a' | 'b'>['sort']>().toEqualTypeOf<'a' | 'b'>();
  });
});

describe('readListQuery (URL side: lenient)', () => {
  it('keeps valid values and defaults the invalid ones, field by field', () => {
    const read = readListQuery(
      adminListings,
      fromRecord({
        page: '7',
        pageSize: '33',
        sort: 'drop table',
        dir: 'asc',
        status: 'nope',
        province: 'gauteng',
      }),
    );
    expect(read).toEqual({
      page: 7,
      pageSize: 50,
      sort: 'created_at',
      dir: 'asc',
      search: undefined,
      status: 'pending',
      province: 'gauteng',
    });
  });

  it('never throws on hostile input', () => {
    const hostile = [
      '',
      ' ',
      'NaN',
      'Infinity',
      '-0',
      '1e309',
      '__proto__',
      'constructor',
      '\u0000',
      'x'.repeat(100_000),
      '%00',
    ];
    for (const value of hostile) {
      const read = readListQuery(adminListings, () => value);
      expect(read.page).toBeGreaterThanOrEqual(1);
      expect([25, 50, 100, 250]).toContain(read.pageSize);
      expect(['title', 'business_name', 'price_from', 'created_at']).toContain(read.sort);
      expect(['asc', 'desc']).toContain(read.dir);
    }
  });

  it('reads from URLSearchParams', () => {
    const params = new URLSearchParams('page=2&search=%20DJ%20&dir=asc');
    expect(readListQuery(adminListings, (key) => params.get(key))).toMatchObject({
      page: 2,
      search: 'DJ',
      dir: 'asc',
    });
  });

  it('gives the defaults for an empty URL', () => {
    expect(readListQuery(adminListings, () => null)).toEqual(listQueryDefaults(adminListings));
  });

  it('insists that every field has a default or is optional', () => {
    const broken = listQuerySchema({ sortFields: ['a'], defaultSort: 'a' }).extend({ tab: z.string() });
    expect(() => listQueryDefaults(broken)).toThrowError(/tab/);
  });
});

describe('nextSort', () => {
  const current = { sort: 'created_at', dir: 'desc' } as const;
  it('flips the direction of the sorted column', () => {
    expect(nextSort(current, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
    expect(nextSort({ sort: 'title', dir: 'asc' }, 'title')).toEqual({ sort: 'title', dir: 'desc' });
  });
  it('starts another column ascending, or with the direction given', () => {
    expect(nextSort<string>(current, 'title')).toEqual({ sort: 'title', dir: 'asc' });
    expect(nextSort<string>(current, 'price_from', 'desc')).toEqual({ sort: 'price_from', dir: 'desc' });
  });
});

describe('page arithmetic', () => {
  it('pageCount', () => {
    expect(pageCount(0, 50)).toBe(0);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(100_000, 25)).toBe(4000);
    expect(pageCount(10, 0)).toBe(0);
    expect(pageCount(Number.NaN, 50)).toBe(0);
  });

  it('pageRange', () => {
    expect(pageRange(1, 50, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 50, 120)).toEqual({ from: 1, to: 50 });
    expect(pageRange(3, 50, 120)).toEqual({ from: 101, to: 120 });
    expect(pageRange(4, 50, 120)).toEqual({ from: 0, to: 0 });
    expect(pageRange(0, 50, 120)).toEqual({ from: 0, to: 0 });
  });

  describe('pageNumbers', () => {
    it('shows at most the first 5 page numbers by default, wherever the current page is', () => {
      expect(pageNumbers(1, 2000)).toEqual([1, 2, 3, 4, 5]);
      expect(pageNumbers(7, 2000)).toEqual([1, 2, 3, 4, 5]);
      expect(pageNumbers(2000, 2000)).toEqual([1, 2, 3, 4, 5]);
    });

    it('shows fewer when there are fewer pages, and none when there are no rows', () => {
      expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
      expect(pageNumbers(1, 1)).toEqual([1]);
      expect(pageNumbers(1, 0)).toEqual([]);
    });

    it('can keep the current page in the middle instead', () => {
      expect(pageNumbers(1, 20, 5, 'around-current')).toEqual([1, 2, 3, 4, 5]);
      expect(pageNumbers(3, 20, 5, 'around-current')).toEqual([1, 2, 3, 4, 5]);
      expect(pageNumbers(4, 20, 5, 'around-current')).toEqual([2, 3, 4, 5, 6]);
      expect(pageNumbers(10, 20, 5, 'around-current')).toEqual([8, 9, 10, 11, 12]);
      expect(pageNumbers(20, 20, 5, 'around-current')).toEqual([16, 17, 18, 19, 20]);
      expect(pageNumbers(99, 20, 5, 'around-current')).toEqual([16, 17, 18, 19, 20]);
      expect(pageNumbers(2, 3, 5, 'around-current')).toEqual([1, 2, 3]);
      expect(pageNumbers(5, 20, 4, 'around-current')).toEqual([4, 5, 6, 7]);
    });
  });
});
