import { Link } from 'react-router';
import { CATEGORIES, PROVINCES, type Province } from '@domain/constants.ts';
import { landingPath } from '@domain/seo.ts';
import { formatCount } from '@domain/format.ts';
import type { BrowseSort } from '@domain/browse.ts';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { useBrowseListings } from '../features/marketplace/api.ts';
import { browseQueryFilters } from '@domain/browse-url.ts';
import { BrowseFilterPanel } from '../features/marketplace/BrowseFilterPanel.tsx';
import { ListingResults } from '../features/marketplace/ListingResults.tsx';
import { useBrowseParams } from '../features/marketplace/use-browse-params.ts';
import { useUserLocation } from '../features/marketplace/use-location.ts';

/** /browse: the filters (kept in the URL), the results a page at a time, and the matching landing page. */
export default function Browse() {
  const { filters, update } = useBrowseParams();
  const location = useUserLocation();
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

      <BrowseFilterPanel filters={filters} update={update} sort={sort} location={location} />

      <ListingResults
        query={query}
        label="Results"
        cardAction={(listing) => <FavoriteButton listingId={listing.id} />}
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
