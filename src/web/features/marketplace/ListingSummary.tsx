import type { ReactNode } from 'react';
import { Crown, Eye, MapPin, Star } from 'lucide-react';
import { priceRange, provinceLabel } from '@domain/format.ts';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';

/**
 * The listing's summary beside the gallery: Featured, the title across the card's width, category with the
 * page's buttons (`actions`: share and the favourites heart), place and `distance` (how far away it is),
 * price, views and rating, `contact` (Contact Provider, given for approved listings) and the Premium note.
 */
export function ListingSummary({
  listing,
  actions,
  distance,
  contact,
}: {
  listing: ListingDetailData;
  actions: ReactNode;
  distance: ReactNode;
  contact: ReactNode;
}) {
  const { provider } = listing;
  return (
    <Card className="gap-4">
      <CardContent className="space-y-4">
        {/* The title gets the card's full width (at 360 px a column beside the buttons left it 174 px). */}
        <div className="space-y-2">
          {listing.featured && (
            <Badge variant="gold">
              <Star aria-hidden="true" className="fill-current" />
              Featured
            </Badge>
          )}
          <h1 className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl">
            {listing.title}
          </h1>
          <div className="flex items-center justify-between gap-3">
            <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-primary">
              <CategoryIcon name={listing.category.icon ?? undefined} className="size-4 shrink-0" />
              {listing.category.name}
            </p>
            <div className="-my-1 flex shrink-0 items-center gap-1">{actions}</div>
          </div>
        </div>
        <div className="space-y-1.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {listing.city}, {provinceLabel(listing.province)}
          </p>
          {distance}
        </div>
        <p className="text-3xl font-extrabold tracking-tight text-primary">
          <span className="sr-only">Price: </span>
          {priceRange(listing.priceFrom, listing.priceTo)}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Eye aria-hidden="true" className="size-4" />
            {listing.views} {listing.views === 1 ? 'view' : 'views'}
          </span>
          {listing.reviewCount > 0 && (
            <span className="flex items-center gap-1.5">
              <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
              <span className="font-medium text-foreground">{listing.rating.toFixed(1)}</span>(
              {listing.reviewCount} {listing.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          )}
        </div>
        {contact}
        {provider.isPremium && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Crown aria-hidden="true" className="size-3.5 text-gold" />
            Premium provider
          </p>
        )}
      </CardContent>
    </Card>
  );
}
