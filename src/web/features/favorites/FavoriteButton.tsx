import type { MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import { useLandOnTarget, useSignInHref } from '../../lib/redirect.ts';
import { cn } from '../../lib/utils.ts';
import { useMe } from '../../lib/use-me.ts';
import { useFavoriteIds, useRestoreFavorite, useToggleFavorite } from './use-favorites.ts';

/** The heart's element id: the sign-in link returns to `#favorite-<id>`, which focuses this heart. */
export const favoriteTarget = (listingId: string) => `favorite-${listingId}`;

/**
 * The heart on every listing card and on the detail page. Its state comes from the one favourite-ids query;
 * a click on a card's heart does not open the card's link.
 */
export function FavoriteButton({ listingId, className }: { listingId: string; className?: string }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: ids } = useFavoriteIds();
  const toggle = useToggleFavorite(listingId);
  const restore = useRestoreFavorite();
  const isFavorite = Boolean(me && ids?.has(listingId));
  const target = favoriteTarget(listingId);
  const signInHref = useSignInHref(target);
  useLandOnTarget(target, Boolean(me) && ids !== undefined);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (me === undefined) return; // session still loading
    if (!me) {
      toast.error(FAVORITE_MESSAGES.signInRequired);
      void navigate(signInHref);
      return;
    }
    if (toggle.isPending) return;
    const add = !isFavorite;
    // mutateAsync: the toast shows even if the card unmounts meanwhile (e.g. a list that drops it).
    toggle.mutateAsync(add).then(
      () =>
        add
          ? toast.success(FAVORITE_MESSAGES.added)
          : toast.success(FAVORITE_MESSAGES.removed, {
              action: { label: 'Undo', onClick: () => restore(listingId) },
            }),
      () => toast.error(FAVORITE_MESSAGES.updateFailed),
    );
  };

  return (
    <button
      id={target}
      type="button"
      onClick={onClick}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      aria-busy={toggle.isPending || undefined}
      title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full border bg-background/90 shadow-sm backdrop-blur transition-[color,background-color,transform] outline-none hover:scale-105 hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/60 active:scale-95',
        isFavorite ? 'text-rose-600' : 'text-foreground/70 hover:text-rose-600',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', isFavorite && 'fill-current')} />
    </button>
  );
}
