import { ArrowUpDown, Crosshair, MapPin, SlidersHorizontal, X } from 'lucide-react';
import { CATEGORIES, PROVINCES } from '@domain/constants.ts';
import { BROWSE_SORT_LABELS, BROWSE_SORTS, type BrowseSort } from '@domain/browse.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { BrowseUrlFilters } from '@domain/browse-url.ts';
import { BrowseSearchBox, PriceRange } from './BrowseForms.tsx';
import { setUserLocation, useGeolocation, type Coords } from './use-location.ts';
import type { useBrowseParams } from './use-browse-params.ts';

const ALL = 'all';

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

/**
 * The filters of /browse: search, province, category, Near Me, price range, sort, the location chip and
 * Clear Filters. Every change goes into the URL through `update`.
 */
export function BrowseFilterPanel({
  filters,
  update,
  sort,
  location,
}: {
  filters: BrowseUrlFilters;
  update: ReturnType<typeof useBrowseParams>['update'];
  /** The sort in force (Nearest once a location is on, unless another was chosen). */
  sort: BrowseSort;
  location: Coords | null;
}) {
  const { locate, locating } = useGeolocation();
  const hasFilters = Boolean(
    filters.search || filters.province || filters.category || filters.minPrice || filters.maxPrice,
  );
  return (
    <section aria-label="Filters" className="mt-8 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <BrowseSearchBox
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
  );
}
