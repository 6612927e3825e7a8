/** /dashboard/listings: the provider's own listings, the package banner and limit card, Create Listing. */
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LISTING_MESSAGES } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { PackageBanner } from '../../features/provider/PackageBanner.tsx';
import { useDeleteListing, useOwnListings, usePackageStatus } from '../../features/provider/api.ts';
import { ListingLimitCard } from '../../features/provider/ListingLimitCard.tsx';
import { OwnListingCard } from '../../features/provider/OwnListingCard.tsx';
import { useProviderGuard } from '../../features/provider/use-provider-guard.ts';
import { errorMessage } from '../../lib/api.ts';
import { QueryError, useErrorToast } from '../../components/query-state.tsx';

export default function MyListings() {
  const me = useProviderGuard('manage');
  const listings = useOwnListings(me !== null);
  const status = usePackageStatus(me !== null);
  const remove = useDeleteListing();

  useErrorToast(listings.isError, LISTING_MESSAGES.listFailed, { id: 'own-listings-error' });

  if (!me) return null;

  const onDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      toast.success(LISTING_MESSAGES.deleted);
    } catch (error) {
      toast.error(errorMessage(error, LISTING_MESSAGES.deleteFailed));
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Listings</h1>
          <p className="mt-1 text-muted-foreground">Manage your service listings.</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/listings/new">
            <Plus aria-hidden="true" />
            Create Listing
          </Link>
        </Button>
      </div>

      <PackageBanner status={status.data} />
      {status.data && <ListingLimitCard status={status.data} />}

      {listings.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : listings.isError ? (
        <QueryError
          message={LISTING_MESSAGES.listFailed}
          onRetry={() => void listings.refetch()}
          className="py-8"
        />
      ) : listings.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed p-10 text-center">
          <p className="text-muted-foreground">{LISTING_MESSAGES.empty}</p>
          <Button asChild className="mt-4">
            <Link to="/dashboard/listings/new">Create Listing</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your listings">
          {listings.data.items.map((listing) => (
            <li key={listing.id} className="flex min-w-0">
              <OwnListingCard
                listing={listing}
                deleting={remove.isPending && remove.variables === listing.id}
                onDelete={() => void onDelete(listing.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
