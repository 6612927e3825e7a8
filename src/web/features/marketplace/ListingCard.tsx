import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Crown, MapPin, Navigation, Star } from 'lucide-react';
import {
  cardPrice,
  distanceLabel,
  imageSrcSet,
  imageVariant,
  provinceLabel,
  ratingLabel,
} from '@domain/format.ts';
import type { ListingCard as ListingCardData } from '@domain/listings.ts';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';

export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';

export interface ListingCardProps {
  listing: ListingCardData;
  /** The button over the picture's top corner: the page passes the favourites heart. */
  action: ReactNode;
  /** Cards below the fold load their image lazily. */
  lazy?: boolean;
  /** The first card of a results page: its picture is likely the largest paint, fetched first. */
  priority?: boolean;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 'h2' | 'h3';
  onOpen?: () => void;
  className?: string;
}

/** A listing card: image, Premium badge, heart, category, title, provider, place, price, rating, distance. */
export function ListingCard({
  listing,
  action,
  lazy = true,
  priority = false,
  headingLevel = 'h3',
  onOpen,
  className,
}: ListingCardProps) {
  const Heading = headingLevel;
  const image = listing.primaryImageUrl;
  const isPremium = listing.provider.packageType === 'premium';
  return (
    <article
      data-testid="listing-card"
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-all focus-within:ring-[3px] focus-within:ring-ring/50 hover:-translate-y-0.5 hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {image ? (
          <img
            src={imageVariant(image, 400)}
            srcSet={imageSrcSet(image)}
            sizes={CARD_IMAGE_SIZES}
            alt={listing.title}
            loading={lazy && !priority ? 'lazy' : undefined}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div
            role="img"
            aria-label={`${listing.title}: no image`}
            className="flex size-full items-center justify-center bg-gradient-to-br from-secondary to-muted text-primary/60"
          >
            <CategoryIcon name={listing.category.icon ?? undefined} className="size-12" />
          </div>
        )}
        {isPremium && (
          <Badge variant="gold" className="absolute top-3 left-3 shadow-sm">
            <Crown aria-hidden="true" />
            Premium
          </Badge>
        )}
        <div className="absolute top-2 right-2 z-10">{action}</div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="flex items-center gap-1.5 text-xs font-medium text-primary">
          <CategoryIcon name={listing.category.icon ?? undefined} className="size-3.5" />
          {listing.category.name}
        </p>
        <Heading className="line-clamp-2 text-base leading-snug font-semibold">
          <Link
            to={`/listing/${listing.id}`}
            onClick={onOpen}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
          >
            {listing.title}
          </Link>
        </Heading>
        <p className="truncate text-sm text-muted-foreground">{listing.provider.businessName}</p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">
            {listing.city}, {provinceLabel(listing.province)}
          </span>
        </p>
        {listing.distanceKm != null && (
          <p className="flex items-center gap-1 text-sm font-medium text-foreground/80">
            <Navigation aria-hidden="true" className="size-3.5 shrink-0" />
            {distanceLabel(listing.distanceKm)} away
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span data-testid="card-price" className="text-lg font-bold text-primary">
            {cardPrice(listing.priceFrom)}
          </span>
          <span className="flex items-center gap-1 text-sm font-medium">
            <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
            <span className="sr-only">Rating</span>
            {ratingLabel(listing.rating, listing.reviewCount)}
          </span>
        </div>
      </div>
    </article>
  );
}

export function ListingCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-3 h-6 w-1/4" />
      </div>
    </div>
  );
}

export const LISTING_GRID_CLASS =
  'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4';

export function ListingGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={LISTING_GRID_CLASS} aria-busy="true" aria-label="Loading listings">
      {Array.from({ length: count }, (_, i) => (
        <ListingCardSkeleton key={i} />
      ))}
    </div>
  );
}
