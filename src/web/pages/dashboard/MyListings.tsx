/** /dashboard/listings: the provider's own listings, the package banner and limit card, Create Listing. */
import { useEffect } from 'react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LISTING_MESSAGES } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { PackageBanner } from '../../features/provider-dashboard/PackageBanner.tsx';
import { useDeleteListing, useOwnListings, usePackage } from '../../features/providers/api.ts';
import { ListingLimitCard } from '../../features/providers/ListingLimitCard.tsx';
import { OwnListingCard } from '../../features/providers/OwnListingCard.tsx';
import { useProviderGuard } from '../../features/providers/use-provider-guard.ts';
import { errorMessage } from '../../lib/api.ts';

export default function MyListings() {
  const me = useProviderGuard('manage');
  const listings = useOwnListings(me !== null);
  const status = usePackage(me !== null);
  const remove = useDeleteListing();

  useEffect(() => {
    if (listings.isError) toast.error(LISTING_MESSAGES.listFailed, { id: 'own-listings-error' });
  }, [listings.isError]);

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
        <div className="space-y-3 py-8 text-center">
          <p className="text-muted-foreground">{LISTING_MESSAGES.listFailed}</p>
          <Button variant="outline" onClick={() => void listings.refetch()}>
            Try again
          </Button>
        </div>
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
