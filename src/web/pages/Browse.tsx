import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Crosshair, MapPin, Search, SlidersHorizontal, X } from 'lucide-react';
import { CATEGORIES, CATEGORY_SLUGS, PROVINCE_VALUES, PROVINCES } from '@domain/constants.ts';
import { formatCount } from '@domain/format.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../components/ui/select.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useBrowseListings } from '../features/marketplace/api.ts';
import {
  LISTING_GRID_CLASS,
  ListingCard,
  ListingGridSkeleton,
} from '../features/marketplace/ListingCard.tsx';
import { setUserLocation, useGeolocation, useUserLocation } from '../features/marketplace/use-location.ts';

const ALL = 'all';

/** Filters from the query string; values the API would refuse are ignored. */
function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const rawProvince = params.get('province') ?? '';
  const rawCategory = params.get('category') ?? '';
  const filters = {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    province: (PROVINCE_VALUES as readonly string[]).includes(rawProvince) ? rawProvince : '',
    category: (CATEGORY_SLUGS as readonly string[]).includes(rawCategory) ? rawCategory : '',
  };
  const update = (changes: Partial<typeof filters>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return { filters, update };
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" aria-label="Search listings" onSubmit={onSubmit} className="flex flex-1 gap-2">
      <label className="relative block flex-1">
        <span className="sr-only">Search listings</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Search services…"
          maxLength={100}
          className="pl-9"
        />
      </label>
      <Button type="submit">Search</Button>
    </form>
  );
}

export default function Browse() {
  const { filters, update } = useBrowseParams();
  const location = useUserLocation();
  const { locate, locating } = useGeolocation();
  const query = useBrowseListings({ ...filters, location });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const first = pages[0];
  const total = first?.total ?? 0;
  const totalLabel = first && !first.totalExact ? `${formatCount(total)}+` : formatCount(total);
  const hasFilters = Boolean(filters.search || filters.province || filters.category);
  const categoryName = CATEGORIES.find((c) => c.slug === filters.category)?.name;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{categoryName ?? 'Browse Services'}</h1>
        <p className="mt-2 text-muted-foreground">
          Find trusted matric farewell providers across South Africa.
        </p>
      </header>

      <section aria-label="Filters" className="mt-8 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <SearchBox
            key={filters.search}
            initial={filters.search}
            onSearch={(search) => update({ search })}
          />
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-none">
            <Select
              value={filters.province || ALL}
              onValueChange={(v) => update({ province: v === ALL ? '' : v })}
            >
              <SelectTrigger aria-label="Province" className="sm:w-44">
                <SelectValue placeholder="All Provinces" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Provinces</SelectItem>
                {PROVINCES.map((p) => (
                  <SelectItem key={p.value} value={p.value}>
                    {p.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select
              value={filters.category || ALL}
              onValueChange={(v) => update({ category: v === ALL ? '' : v })}
            >
              <SelectTrigger aria-label="Category" className="sm:w-48">
                <SelectValue placeholder="All Categories" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All Categories</SelectItem>
                {CATEGORIES.map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant={location ? 'secondary' : 'outline'}
              onClick={() => void locate()}
              disabled={locating}
              className="col-span-2 sm:col-span-1"
            >
              {locating ? <Spinner label={null} /> : <Crosshair aria-hidden="true" />}
              Near Me
            </Button>
          </div>
        </div>
        {(hasFilters || location) && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {location && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-secondary-foreground">
                <MapPin aria-hidden="true" className="size-3.5" />
                Sorted by distance from you
                <button
                  type="button"
                  onClick={() => setUserLocation(null)}
                  aria-label="Stop sorting by distance"
                  className="ml-1 rounded-full p-0.5 outline-none hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            )}
            {hasFilters && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => update({ search: '', province: '', category: '' })}
              >
                <SlidersHorizontal aria-hidden="true" />
                Clear Filters
              </Button>
            )}
          </div>
        )}
      </section>

      <section aria-label="Results" aria-busy={query.isFetching} className="mt-8">
        {query.isPending ? (
          <ListingGridSkeleton count={8} />
        ) : query.isError && items.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-card px-6 py-12 text-center">
            <p className="text-muted-foreground">Failed to load listings</p>
            <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
            No listings found
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
              Showing {items.length} of {totalLabel} {total === 1 ? 'listing' : 'listings'}
            </p>
            <ul
              className={`${LISTING_GRID_CLASS} transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {items.map((listing, i) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} headingLevel="h2" lazy={i >= 4} />
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-10 flex justify-center">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage && <Spinner label={null} />}
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
