import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { ListingCard as ListingCardData } from '@domain/listings.ts';
import { Button } from '../../components/ui/button.tsx';
import { useHomeListings } from './api.ts';
import { ListingCard, ListingGridSkeleton } from './ListingCard.tsx';

/** The home page's featured listings: a swipeable row on phones, a grid from 640 px, View All. */
export function FeaturedListings({
  heading,
  subheading,
  cardAction,
}: {
  heading: string;
  subheading: string;
  /** Each card's corner button (the favourites heart). */
  cardAction: (listing: ListingCardData) => ReactNode;
}) {
  const { data: listings, isPending, isError } = useHomeListings();
  return (
    <section aria-labelledby="featured-heading" className="bg-secondary/40 py-12 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {heading}
            </h2>
            <p className="mt-3 text-muted-foreground">{subheading}</p>
          </div>
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to="/browse">
              View All
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mt-8 sm:mt-10">
          {isPending ? (
            <ListingGridSkeleton count={4} />
          ) : isError || !listings || listings.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
              No listings available yet. Check back soon!
            </p>
          ) : (
            // Phones: one swipeable row (the next card peeks in), so the guide offer and the provider call
            // to action are a few scrolls away; from 640 px the usual grid.
            <ul
              aria-labelledby="featured-heading"
              className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 xl:grid-cols-4"
            >
              {/* Below the hero and the categories on every screen: pictures load as they come near. */}
              {listings.map((listing) => (
                <li key={listing.id} className="w-[80%] max-w-80 shrink-0 snap-start sm:w-auto sm:max-w-none">
                  <ListingCard listing={listing} action={cardAction(listing)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
