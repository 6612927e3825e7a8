import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowUpDown, Crosshair, MapPin, Search, SlidersHorizontal, X } from 'lucide-react';
import { CATEGORIES, PROVINCES, type Province } from '@domain/constants.ts';
import { landingPath } from '@domain/seo.ts';
import { formatCount } from '@domain/format.ts';
import { BROWSE_MAX_PRICE, BROWSE_SORT_LABELS, BROWSE_SORTS, type BrowseSort } from '@domain/browse.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../components/ui/select.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useBrowseListings } from '../features/marketplace/api.ts';
import {
  browseFiltersFromParams,
  browseQueryFilters,
  type BrowseUrlFilters,
} from '../features/marketplace/browse-params.ts';
import { ListingResults } from '../features/marketplace/ListingResults.tsx';
import { setUserLocation, useGeolocation, useUserLocation } from '../features/marketplace/use-location.ts';

const ALL = 'all';

/** Filters from the query string; values the API would refuse are ignored. */
function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const filters = browseFiltersFromParams(params);
  const update = (changes: Partial<Record<keyof typeof filters, string>>) =>
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

/**
 * The other filters, carried by a form that holds one of them, so that it also works as a plain GET of
 * /browse before hydration (or without JavaScript).
 */
function KeptFilters({ filters }: { filters: Partial<BrowseUrlFilters> }) {
  return Object.entries(filters).map(([name, value]) =>
    value ? <input key={name} type="hidden" name={name} value={value} /> : null,
  );
}

function SearchBox({
  initial,
  keep,
  onSearch,
}: {
  initial: string;
  keep: Partial<BrowseUrlFilters>;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form
      role="search"
      aria-label="Search listings"
      action="/browse"
      onSubmit={onSubmit}
      className="flex flex-1 gap-2"
    >
      <KeptFilters filters={keep} />
      <label className="relative block flex-1">
        <span className="sr-only">Search listings</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="search"
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

/** Sorts offered: Nearest only while the location is on. */
function sortOptions(hasLocation: boolean): BrowseSort[] {
  return BROWSE_SORTS.filter((sort) => sort !== 'distance' || hasLocation);
}

function SortSelect({
  value,
  hasLocation,
  onChange,
}: {
  value: BrowseSort;
  hasLocation: boolean;
  onChange: (sort: BrowseSort) => void;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as BrowseSort)}>
      <SelectTrigger aria-label="Sort by" className="w-full sm:w-52">
        <ArrowUpDown aria-hidden="true" className="text-muted-foreground" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {sortOptions(hasLocation).map((sort) => (
          <SelectItem key={sort} value={sort}>
            {BROWSE_SORT_LABELS[sort]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const PRICE_ORDER_MESSAGE = 'Maximum price must be at least the minimum price';

/** Min and max price in whole Rand; applied together (Enter or Apply), cleared with the other filters. */
function PriceRange({
  min,
  max,
  keep,
  onApply,
}: {
  min: string;
  max: string;
  keep: Partial<BrowseUrlFilters>;
  onApply: (range: { minPrice: string; maxPrice: string }) => void;
}) {
  const [minValue, setMinValue] = useState(min);
  const [maxValue, setMaxValue] = useState(max);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = minValue.trim();
    const maxPrice = maxValue.trim();
    if (minPrice && maxPrice && Number(maxPrice) < Number(minPrice)) {
      setError(PRICE_ORDER_MESSAGE);
      return;
    }
    setError(null);
    onApply({ minPrice, maxPrice });
  };
  const field = (label: string, name: string, value: string, set: (v: string) => void) => (
    <label className="grid flex-1 gap-1 text-xs font-medium text-muted-foreground sm:w-32 sm:flex-none">
      {label}
      <span className="relative block">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        >
          R
        </span>
        <Input
          type="number"
          name={name}
          inputMode="numeric"
          min={0}
          max={BROWSE_MAX_PRICE}
          step={1}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pl-7"
        />
      </span>
    </label>
  );
  return (
    <form
      aria-label="Price range"
      action="/browse"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
    >
      <KeptFilters filters={keep} />
      {field('Min price (R)', 'minPrice', minValue, setMinValue)}
      {field('Max price (R)', 'maxPrice', maxValue, setMaxValue)}
      <Button type="submit" variant="outline" className="w-full sm:w-auto">
        Apply
      </Button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

export default function Browse() {
  const { filters, update } = useBrowseParams();
  const location = useUserLocation();
  const { locate, locating } = useGeolocation();
  const query = useBrowseListings({
    ...browseQueryFilters(filters, location),
    location,
  });
  const sort: BrowseSort =
    filters.sort && (filters.sort !== 'distance' || location)
      ? filters.sort
      : location
        ? 'distance'
        : 'recommended';
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const first = pages[0];
  const total = first?.total ?? 0;
  const totalLabel = first && !first.totalExact ? `${formatCount(total)}+` : formatCount(total);
  const hasFilters = Boolean(
    filters.search || filters.province || filters.category || filters.minPrice || filters.maxPrice,
  );
  const categoryName = CATEGORIES.find((c) => c.slug === filters.category)?.name;
  // A category (and province) filter alone matches a landing page: link to it once it has listings.
  const provinceName = PROVINCES.find((p) => p.value === filters.province)?.label;
  const landing =
    categoryName && !filters.search && !filters.minPrice && !filters.maxPrice && items.length > 0
      ? {
          path: landingPath(filters.category, (filters.province || null) as Province | null),
          label: `All ${categoryName} ${provinceName ? `in ${provinceName}` : 'across South Africa'}`,
        }
      : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{categoryName ?? 'Browse Services'}</h1>
        <p className="mt-2 text-muted-foreground">
          Find trusted matric farewell providers across South Africa.
        </p>
        {landing && (
          <p className="mt-2 text-sm">
            <Link to={landing.path} className="font-medium text-primary underline-offset-4 hover:underline">
              {landing.label}
            </Link>
          </p>
        )}
      </header>

      <section aria-label="Filters" className="mt-8 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <SearchBox
            key={filters.search}
            initial={filters.search}
            keep={{ ...filters, search: '' }}
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
        <div className="mt-3 flex flex-col gap-3 border-t pt-3 sm:flex-row sm:items-end sm:justify-between">
          <PriceRange
            key={`${filters.minPrice}-${filters.maxPrice}`}
            min={filters.minPrice}
            max={filters.maxPrice}
            keep={{ ...filters, minPrice: '', maxPrice: '' }}
            onApply={(range) => update(range)}
          />
          <label className="grid gap-1 text-xs font-medium text-muted-foreground">
            Sort by
            <SortSelect
              value={sort}
              hasLocation={Boolean(location)}
              onChange={(next) => update({ sort: next === 'recommended' ? '' : next })}
            />
          </label>
        </div>
        {(hasFilters || location) && (
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            {location && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-secondary-foreground">
                <MapPin aria-hidden="true" className="size-3.5" />
                {sort === 'distance' ? 'Sorted by distance from you' : 'Showing distance from you'}
                <button
                  type="button"
                  onClick={() => setUserLocation(null)}
                  aria-label="Turn off location"
                  className="-my-2 -mr-3 flex size-11 items-center justify-center rounded-full outline-none hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            )}
            {hasFilters && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => update({ search: '', province: '', category: '', minPrice: '', maxPrice: '' })}
              >
                <SlidersHorizontal aria-hidden="true" />
                Clear Filters
              </Button>
            )}
          </div>
        )}
      </section>

      <ListingResults
        query={query}
        label="Results"
        empty={
          <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
            No listings found
          </p>
        }
        summary={
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            Showing {items.length} of {totalLabel} {total === 1 ? 'listing' : 'listings'}
          </p>
        }
      />
    </div>
  );
}
