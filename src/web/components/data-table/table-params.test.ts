import { describe, expect, it } from 'vitest';
import { choiceFilter, listQuerySchema, textFilter } from '@domain/table.ts';
import { activeFilterKeys, filterKeys, readTableParams, writeTableParams } from './table-params.ts';

const schema = listQuerySchema({
  sortFields: ['title', 'business_name', 'price_from', 'created_at'],
  defaultSort: 'created_at',
}).extend({
  search: textFilter(),
  status: choiceFilter(['pending', 'approved', 'rejected', 'all'], 'pending'),
  category: choiceFilter(['venues', 'catering']),
});

const url = (search: string) => new URLSearchParams(search);
const write = (from: string, changes: Parameters<typeof writeTableParams<typeof schema>>[2]) =>
  writeTableParams(schema, url(from), changes).toString();

describe('readTableParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(readTableParams(schema, url(''))).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'created_at',
      dir: 'desc',
      search: undefined,
      status: 'pending',
      category: undefined,
    });
  });

  it('reads a shared link back to the same view', () => {
    expect(
      readTableParams(schema, url('page=4&pageSize=100&sort=title&dir=asc&search=dj&status=all')),
    ).toEqual({
      page: 4,
      pageSize: 100,
      sort: 'title',
      dir: 'asc',
      search: 'dj',
      status: 'all',
      category: undefined,
    });
  });

  it('falls back to defaults for invalid values and keeps the valid ones', () => {
    expect(
      readTableParams(schema, url('page=-1&pageSize=9999&sort=;drop&dir=sideways&status=x&category=venues')),
    ).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'created_at',
      dir: 'desc',
      search: undefined,
      status: 'pending',
      category: 'venues',
    });
  });

  it('uses the first of repeated parameters', () => {
    expect(readTableParams(schema, url('page=2&page=3')).page).toBe(2);
  });
});

describe('writeTableParams', () => {
  it('leaves default values out of the URL', () => {
    expect(write('', { page: 1, pageSize: 50, sort: 'created_at', dir: 'desc', status: 'pending' })).toBe('');
    expect(write('page=3', { page: 1 })).toBe('');
  });

  it('writes values that differ from the defaults', () => {
    expect(write('', { page: 2 })).toBe('page=2');
    expect(write('', { sort: 'title', dir: 'asc' })).toBe('sort=title&dir=asc');
    expect(write('', { status: 'all' })).toBe('status=all');
  });

  it('changing a filter goes back to page 1', () => {
    expect(write('page=5', { search: 'dj' })).toBe('search=dj');
    expect(write('page=5&status=all', { status: 'approved' })).toBe('status=approved');
  });

  it('changing the page size goes back to page 1', () => {
    expect(write('page=5', { pageSize: 100 })).toBe('pageSize=100');
  });

  it('changing the sort goes back to page 1', () => {
    expect(write('page=5', { sort: 'title', dir: 'asc' })).toBe('sort=title&dir=asc');
  });

  it('keeps the page when nothing else really changed', () => {
    expect(write('page=5&search=dj', { search: 'dj' })).toBe('page=5&search=dj');
    expect(write('page=5', { pageSize: 50 })).toBe('page=5');
  });

  it('honours an explicit page given with another change', () => {
    expect(write('page=5', { search: 'dj', page: 2 })).toBe('page=2&search=dj');
  });

  it('undefined or blank puts a field back to its default', () => {
    expect(write('status=all&search=dj', { status: undefined })).toBe('search=dj');
    expect(write('search=dj', { search: '' })).toBe('');
    expect(write('category=venues', { category: undefined })).toBe('');
  });

  it('does not write values the schema refuses', () => {
    expect(write('pageSize=100', { pageSize: 33 })).toBe('');
    expect(write('', { page: -4 })).toBe('');
    expect(write('', { search: 'x'.repeat(101) })).toBe('');
  });

  it('trims search text the way the server will', () => {
    expect(write('', { search: '  photo booth  ' })).toBe('search=photo+booth');
  });

  it('keeps parameters that are not the table’s and cleans invalid ones of the table', () => {
    expect(write('listing=abc&page=oops&sort=nope', { status: 'all' })).toBe('listing=abc&status=all');
  });

  it('does not change the params it was given', () => {
    const before = url('page=3');
    writeTableParams(schema, before, { search: 'x' });
    expect(before.toString()).toBe('page=3');
  });
});

describe('filters', () => {
  it('lists the filter keys of the schema', () => {
    expect(filterKeys(schema)).toEqual(['search', 'status', 'category']);
  });

  it('finds the filters that differ from their defaults', () => {
    const state = readTableParams(schema, url('search=dj&status=all&page=2'));
    expect(activeFilterKeys(schema, state)).toEqual(['search', 'status']);
    expect(activeFilterKeys(schema, state, ['search', 'category'])).toEqual(['search']);
    expect(activeFilterKeys(schema, readTableParams(schema, url('')))).toEqual([]);
  });
});
