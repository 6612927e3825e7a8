/**
 * A table's page, page size, sort and filters kept in the URL's search params, so a reload or a shared
 * link shows the same view and Back steps through earlier views. The table's list query schema (from
 * src/domain, the same one its server route validates with) says which values exist and what the
 * defaults are. Rules: see table-params.ts.
 *
 *   const table = useTableParams(adminListingsQuerySchema);
 *   const listings = useQuery({ queryKey: ['admin-listings', table.state], queryFn: () => api.get(`/api/admin/listings${qs(table.state)}`) });
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nextSort, type ListQuerySchema, type SortDirection } from '@domain/table.ts';
import {
  activeFilterKeys,
  filterKeys,
  readTableParams,
  writeTableParams,
  type TableChange,
  type TableFilterKey,
  type TableFilters,
  type TableState,
} from './table-params.ts';

export interface TableParamsUpdateOptions {
  /** Replace the current history entry instead of adding one (corrections nobody should step back to). */
  replace?: boolean;
}

export interface TableParams<T extends ListQuerySchema> {
  /** The whole state: page, pageSize, sort, dir and the filters. Serialisable, so usable as a query key. */
  state: TableState<T>;
  filters: TableFilters<T>;
  /** Filters that differ from their defaults. */
  activeFilters: TableFilterKey<T>[];
  setPage: (page: number, options?: TableParamsUpdateOptions) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: TableState<T>['sort'], dir: SortDirection) => void;
  /** A header was clicked: flip the sorted column, or start another with `firstDir`. */
  toggleSort: (sort: TableState<T>['sort'], firstDir?: SortDirection) => void;
  setFilter: <K extends TableFilterKey<T>>(name: K, value: TableState<T>[K] | undefined) => void;
  /** Any subset of the state at once; the page goes back to 1 unless it is part of the change. */
  update: (changes: TableChange<T>, options?: TableParamsUpdateOptions) => void;
  /** Put the filters (all, or those named) back to their defaults, e.g. a "Clear Filters" button. */
  clearFilters: (names?: readonly TableFilterKey<T>[]) => void;
}

/** `schema` must be stable (defined at module level), as the parsed state is memoised on it. */
export function useTableParams<T extends ListQuerySchema>(schema: T): TableParams<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readTableParams(schema, searchParams), [schema, searchParams]);

  const update = useCallback(
    (changes: TableChange<T>, options: TableParamsUpdateOptions = {}) => {
      setSearchParams((current) => writeTableParams(schema, current, changes), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [schema, setSearchParams],
  );

  return useMemo(() => {
    const keys = filterKeys(schema);
    const filters = Object.fromEntries(
      keys.map((key) => [key, (state as Record<string, unknown>)[key]]),
    ) as TableFilters<T>;
    const change = (changes: Record<string, unknown>) => changes as TableChange<T>;
    return {
      state,
      filters,
      activeFilters: activeFilterKeys(schema, state),
      setPage: (page, options) => update(change({ page }), options),
      setPageSize: (pageSize) => update(change({ pageSize })),
      setSort: (sort, dir) => update(change({ sort, dir })),
      toggleSort: (sort, firstDir) => update(change({ ...nextSort(state, sort, firstDir) })),
      setFilter: (name, value) => update(change({ [name]: value })),
      update,
      clearFilters: (names = keys) =>
        update(change(Object.fromEntries(names.map((name) => [name, undefined])))),
    } satisfies TableParams<T>;
  }, [schema, state, update]);
}
