import { Link } from 'react-router';
import { ArrowRight, Heart } from 'lucide-react';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import { QueryError, useErrorToast } from '../components/query-state.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { FavoriteCard, FavoriteGridSkeleton } from '../features/favorites/FavoriteCard.tsx';
import { useFavoritesList } from '../features/favorites/use-favorites.ts';

/** /dashboard/favorites: the listings the user saved, newest first. */
export default function Favorites() {
  const { data: favorites, isPending, isError, refetch, isFetching } = useFavoritesList();

  useErrorToast(isError, FAVORITE_MESSAGES.loadFailed, { id: 'favorites-load-error' });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Heart aria-hidden="true" className="size-6 text-rose-600" />
          My Favorites
        </h1>
        <p className="mt-1 text-muted-foreground">The services you saved, newest first.</p>
      </div>

      {isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Loading favorites</span>
          <FavoriteGridSkeleton />
        </div>
      ) : isError ? (
        <QueryError
          layout="card"
          message={FAVORITE_MESSAGES.loadFailed}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : favorites.length === 0 ? (
        <Card className="mx-auto max-w-lg text-center">
          <CardHeader className="items-center">
            <span
              aria-hidden="true"
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-rose-600"
            >
              <Heart className="size-7" />
            </span>
            <CardTitle as="h2" className="mt-2 text-lg">
              {FAVORITE_MESSAGES.empty}
            </CardTitle>
            <CardDescription>Tap the heart on any listing to keep it here.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/">
                Browse Listings
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Favorites">
          {favorites.map((favorite) => (
            <FavoriteCard key={favorite.id} favorite={favorite} />
          ))}
        </ul>
      )}
    </div>
  );
}
