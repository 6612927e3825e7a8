import { useParams } from 'react-router';
import { BadgeCheck, Crown, Star, Store } from 'lucide-react';
import { hasContact } from '@domain/contact-display.ts';
import { imageVariant } from '@domain/format.ts';
import { QueryError } from '../components/query-state.tsx';
import { PackageBadge } from '../components/package-badge.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { ShareButton } from '../features/share/ShareButton.tsx';
import { useProviderProfile } from '../features/marketplace/api.ts';
import {
  LISTING_GRID_CLASS,
  ListingCard,
  ListingGridSkeleton,
} from '../features/marketplace/ListingCard.tsx';
import { ProviderContactList } from '../features/marketplace/ProviderContact.tsx';
import { notFoundRouteError } from '../features/marketplace/route-errors.ts';
import { isApiError } from '../lib/api.ts';

export default function ProviderProfile() {
  const { id } = useParams();
  const { data, error, isPending, refetch } = useProviderProfile(id);

  // Unknown (404) or malformed (400) ids show the not-found page.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    throw notFoundRouteError();
  }

  if (error && !data) {
    return (
      <QueryError
        message="Failed to load the provider. Please try again."
        onRetry={() => void refetch()}
        className="mx-auto max-w-3xl px-4 py-16"
      />
    );
  }

  if (isPending || !data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
        <div className="flex items-center gap-5">
          <Skeleton className="size-24 rounded-full" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
        <div className="mt-10">
          <ListingGridSkeleton count={4} />
        </div>
      </div>
    );
  }

  const { provider, averageRating, reviewCount, listings } = data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <section className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          {provider.logoUrl ? (
            <img
              src={imageVariant(provider.logoUrl, 400)}
              alt={`${provider.businessName} logo`}
              className="size-24 shrink-0 rounded-full bg-card object-contain p-1.5 ring-1 ring-border"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-24 shrink-0 items-center justify-center rounded-full bg-secondary text-primary"
            >
              <Store className="size-10" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-3xl font-bold tracking-tight">{provider.businessName}</h1>
              {provider.isPremium && (
                <Badge variant="gold">
                  <Crown aria-hidden="true" />
                  Premium
                </Badge>
              )}
              {provider.hasVerificationBadge && (
                <Badge variant="secondary">
                  <BadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              )}
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <ShareButton path={`/provider/${provider.id}`} title={provider.businessName} />
              <PackageBadge packageType={provider.packageType} label={provider.packageLabel} />
              {reviewCount > 0 && averageRating != null ? (
                <span className="flex items-center gap-1.5">
                  <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
                  <span className="font-medium text-foreground">{averageRating.toFixed(1)}</span>(
                  {reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
                </span>
              ) : (
                <span>No reviews yet</span>
              )}
            </div>
          </div>
        </div>
        {provider.description && (
          <p className="mt-6 leading-relaxed whitespace-pre-line text-foreground/85">
            {provider.description}
          </p>
        )}
        {hasContact(provider) && (
          <div className="mt-6 border-t pt-5">
            <h2 className="text-base font-semibold">Contact</h2>
            <div className="mt-2">
              <ProviderContactList contact={provider} />
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="provider-listings-heading" className="mt-12">
        <h2 id="provider-listings-heading" className="text-2xl font-bold tracking-tight">
          Listings
        </h2>
        {listings.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
            No listings found
          </p>
        ) : (
          <ul className={`mt-6 ${LISTING_GRID_CLASS}`}>
            {listings.map((listing, i) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  action={<FavoriteButton listingId={listing.id} />}
                  lazy={i >= 4}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
