import type { ReactNode } from 'react';
import type { ListingCard as ListingCardData, ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { useRelatedListings } from './api.ts';
import { LISTING_GRID_CLASS, ListingCard } from './ListingCard.tsx';

/** "Related Listings" under the listing (none: nothing); opening one scrolls back to the top. */
export function RelatedListings({
  listing,
  cardAction,
}: {
  listing: ListingDetailData;
  /** Each card's corner button (the favourites heart). */
  cardAction: (listing: ListingCardData) => ReactNode;
}) {
  const { data: related } = useRelatedListings(listing.id);
  if (!related || related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        Related Listings
      </h2>
      <ul className={`mt-6 ${LISTING_GRID_CLASS}`}>
        {related.map((item) => (
          <li key={item.id}>
            <ListingCard
              listing={item}
              action={cardAction(item)}
              onOpen={() => window.scrollTo({ top: 0 })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
