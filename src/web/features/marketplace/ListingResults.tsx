// The results of a browse query as /browse and the landing pages show them: skeletons while the first page
// loads, a retry when it fails, the grid of cards, and Load more for the page after the cursor.
import type { ReactNode } from 'react';
import type { ListingCard as ListingCardData } from '@domain/listings.ts';
import { QueryError } from '../../components/query-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { useBrowseListings } from './api.ts';
import { LISTING_GRID_CLASS, ListingCard, ListingGridSkeleton } from './ListingCard.tsx';

/**
 * Cards above this index load their images eagerly (the first row on a desktop); the first card's picture,
 * the largest paint on a phone, is fetched first.
 */
const EAGER_IMAGES = 4;

export function ListingResults({
  query,
  label,
  cardAction,
  empty,
  summary,
}: {
  query: ReturnType<typeof useBrowseListings>;
  /** The section's accessible name. */
  label: string;
  /** Each card's corner button (the favourites heart). */
  cardAction: (listing: ListingCardData) => ReactNode;
  /** Shown when the query succeeded with no listings. */
  empty?: ReactNode;
  /** A line above the grid (e.g. "Showing 24 of 1,000+ listings"). */
  summary?: ReactNode;
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-label={label} aria-busy={query.isFetching} className="mt-8">
      {query.isPending ? (
        <ListingGridSkeleton count={8} />
      ) : query.isError && items.length === 0 ? (
        <QueryError
          message="Failed to load listings"
          onRetry={() => void query.refetch()}
          className="rounded-xl border border-dashed bg-card px-6 py-12"
        />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          {summary}
          <ul
            className={`${LISTING_GRID_CLASS} transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {items.map((listing, i) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  action={cardAction(listing)}
                  headingLevel="h2"
                  lazy={i >= EAGER_IMAGES}
                  priority={i === 0}
                />
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
  );
}
