/** /dashboard/listings/{id}/edit: the listing form preloaded; the status is kept by the server. */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '@domain/constants.ts';
import { LISTING_MESSAGES, type OwnListing } from '@domain/providers.ts';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useOwnListing, usePackage, useSaveListing } from '../../features/providers/api.ts';
import { ListingForm, type ListingFormValues } from '../../features/providers/ListingForm.tsx';
import { useProviderGuard } from '../../features/providers/use-provider-guard.ts';

const asText = (v: number | null) => (v === null ? '' : String(v));

function toValues(listing: OwnListing): ListingFormValues {
  return {
    title: listing.title,
    categoryId: listing.categoryId,
    description: listing.description,
    province: listing.province,
    city: listing.city,
    priceFrom: asText(listing.priceFrom),
    priceTo: asText(listing.priceTo),
    latitude: asText(listing.latitude),
    longitude: asText(listing.longitude),
    images: listing.images.map((i) => ({ url: i.url, isPrimary: i.isPrimary })),
  };
}

export default function EditListing() {
  const me = useProviderGuard('edit');
  const { id } = useParams();
  const navigate = useNavigate();
  const listing = useOwnListing(me ? id : undefined);
  const status = usePackage(me !== null);
  const save = useSaveListing(id);

  useEffect(() => {
    if (listing.isError) {
      toast.error(LISTING_MESSAGES.loadFailed, { id: 'edit-listing-error' });
      void navigate('/dashboard/listings', { replace: true });
    }
  }, [listing.isError, navigate]);

  if (!me || !listing.data) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit Listing</h1>
        <ListingStatusBadge status={listing.data.status} />
      </div>
      <Card>
        <CardContent>
          <ListingForm
            key={listing.data.id}
            initial={toValues(listing.data)}
            maxImages={status.data?.maxImages ?? LIMITS.imageDefaultAllowance}
            submitLabel="Save Changes"
            failMessage={LISTING_MESSAGES.updateFailed}
            onSubmit={async (values) => {
              await save.mutateAsync(values);
              toast.success(LISTING_MESSAGES.updated);
              await navigate('/dashboard/listings');
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
