/**
 * The pure half of `useTableParams`: read a table's state from URL search params and write changes back.
 * Kept free of React so it is unit-tested directly. The rules:
 * - values come from the table's list query schema (src/domain/table.ts); invalid ones read as defaults;
 * - changing anything but the page (a filter, the page size, the sort) goes back to page 1;
 * - values equal to their default are left out of the URL, so a plain link is the default view;
 * - search params that are not the table's are kept as they are.
 */
import type { z } from 'zod';
import {
  LIST_QUERY_KEYS,
  listQueryDefaults,
  readListQuery,
  type ListQueryKey,
  type ListQuerySchema,
} from '@domain/table.ts';

export type TableState<T extends ListQuerySchema> = z.output<T>;
/** The schema keys that are filters (everything but page, pageSize, sort and dir). */
export type TableFilterKey<T extends ListQuerySchema> = Exclude<keyof z.output<T> & string, ListQueryKey>;
export type TableFilters<T extends ListQuerySchema> = Pick<z.output<T>, TableFilterKey<T>>;
/** A change to the state; `undefined` puts a field back to its default. */
export type TableChange<T extends ListQuerySchema> = {
  [K in keyof z.output<T>]?: z.output<T>[K] | undefined;
};

const LIST_KEYS: readonly string[] = LIST_QUERY_KEYS;

function schemaKeys(schema: ListQuerySchema): string[] {
  return Object.keys(schema.shape);
}

/** The filter keys of a table's schema, in schema order. */
export function filterKeys<T extends ListQuerySchema>(schema: T): TableFilterKey<T>[] {
  return schemaKeys(schema).filter((key) => !LIST_KEYS.includes(key)) as TableFilterKey<T>[];
}

/** How a value travels in the URL; null when it is absent. */
function toParam(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value);
  return text === '' ? null : text;
}

/** The table's state from the URL; never throws. */
export function readTableParams<T extends ListQuerySchema>(
  schema: T,
  params: URLSearchParams,
): TableState<T> {
  return readListQuery(schema, (key) => params.get(key));
}

/** Whether `value` differs from the field's default (as the URL would carry it). */
function differs(value: unknown, fallback: unknown): boolean {
  return toParam(value) !== toParam(fallback);
}

/** The new search params after `changes`. `current` is not modified. */
export function writeTableParams<T extends ListQuerySchema>(
  schema: T,
  current: URLSearchParams,
  changes: TableChange<T>,
): URLSearchParams {
  const state = readTableParams(schema, current) as Record<string, unknown>;
  const defaults = listQueryDefaults(schema) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...state };
  let resetPage = false;
  for (const [key, value] of Object.entries(changes)) {
    if (!(key in defaults)) continue;
    const next = value === undefined ? defaults[key] : value;
    if (key !== 'page' && differs(next, state[key])) resetPage = true;
    merged[key] = next;
  }
  if (resetPage && !('page' in changes)) merged.page = defaults.page;

  // Validate what is about to be written through the same lenient read the URL gets.
  const normalised = readListQuery(schema, (key) => toParam(merged[key])) as Record<string, unknown>;
  const params = new URLSearchParams(current);
  for (const key of schemaKeys(schema)) {
    const text = toParam(normalised[key]);
    if (text === null || !differs(normalised[key], defaults[key])) params.delete(key);
    else params.set(key, text);
  }
  return params;
}

/** The filters that differ from their defaults (for a "Clear Filters" button), limited to `keys` if given. */
export function activeFilterKeys<T extends ListQuerySchema>(
  schema: T,
  state: TableState<T>,
  keys: readonly TableFilterKey<T>[] = filterKeys(schema),
): TableFilterKey<T>[] {
  const defaults = listQueryDefaults(schema) as Record<string, unknown>;
  const values = state as Record<string, unknown>;
  return keys.filter((key) => differs(values[key], defaults[key]));
}
