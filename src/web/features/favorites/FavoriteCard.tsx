import { Link } from 'react-router';
import { HeartOff, MapPin, Trash2 } from 'lucide-react';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import type { FavoriteItem } from '@domain/engagement.ts';
import { favouritePrice, imageSrcSet, imageVariant, provinceLabel } from '@domain/format.ts';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../lib/toast.ts';
import { useRemoveFavorite, useRestoreFavorite } from './use-favorites.ts';

/**
 * A saved listing on /dashboard/favorites: picture, category, title (a deleted listing says so), provider,
 * place, price, and Remove with Undo.
 */
export function FavoriteCard({ favorite }: { favorite: FavoriteItem }) {
  const remove = useRemoveFavorite();
  const restore = useRestoreFavorite();
  const listing = favorite.listing;
  const title = listing?.title ?? FAVORITE_MESSAGES.deletedListing;

  const onRemove = async () => {
    if (remove.isPending) return;
    // mutateAsync, not mutate: the card unmounts at once (optimistic removal), the promise still settles.
    try {
      await remove.mutateAsync(favorite.id);
      // A deleted listing cannot be saved again: no Undo for it.
      toast.success(
        FAVORITE_MESSAGES.removed,
        listing ? { action: { label: 'Undo', onClick: () => restore(listing.id) } } : undefined,
      );
    } catch {
      toast.error(FAVORITE_MESSAGES.removeFailed);
    }
  };

  return (
    <li>
      <article
        data-testid="favorite-card"
        className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md"
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-muted">
          {listing?.primaryImageUrl ? (
            <img
              src={imageVariant(listing.primaryImageUrl, 400)}
              srcSet={imageSrcSet(listing.primaryImageUrl)}
              sizes="(min-width: 1280px) 300px, (min-width: 640px) 45vw, 92vw"
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex size-full items-center justify-center bg-gradient-to-br from-secondary to-muted text-primary/50"
            >
              {listing ? (
                <CategoryIcon name={listing.category.icon ?? undefined} className="size-12" />
              ) : (
                <HeartOff className="size-12" />
              )}
            </div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-4">
          <p className="flex items-center gap-1.5 text-xs font-medium text-primary">
            <CategoryIcon name={listing?.category.icon ?? undefined} className="size-3.5" />
            {listing?.category.name ?? FAVORITE_MESSAGES.unknownCategory}
          </p>
          <h2 className="line-clamp-2 text-base leading-snug font-semibold">
            {listing ? (
              <Link
                to={`/listing/${listing.id}`}
                className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
              >
                {title}
              </Link>
            ) : (
              <span className="text-muted-foreground">{title}</span>
            )}
          </h2>
          {listing && (
            <>
              <p className="truncate text-sm text-muted-foreground">{listing.provider.businessName}</p>
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">
                  {listing.city}, {provinceLabel(listing.province)}
                </span>
              </p>
              <p data-testid="favorite-price" className="mt-1 text-lg font-bold text-primary">
                {favouritePrice(listing.priceFrom)}
              </p>
            </>
          )}
          <div className="mt-auto pt-3">
            <Button
              variant="outline"
              size="sm"
              className="relative z-10 w-full text-destructive hover:text-destructive"
              onClick={() => void onRemove()}
              disabled={remove.isPending}
              aria-label={`Remove ${title} from favorites`}
            >
              {remove.isPending ? <Spinner label={null} /> : <Trash2 aria-hidden="true" />}
              Remove
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The favourites grid while it loads. */
export function FavoriteGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-8 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
