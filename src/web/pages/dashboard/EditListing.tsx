/**
 * /dashboard/listings/{id}/edit: the listing form preloaded; the status is kept by the server. An approved
 * listing's changes awaiting approval are shown beside the approved version (decision 0041).
 */
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '@domain/constants.ts';
import { LISTING_MESSAGES, type OwnListing } from '@domain/providers.ts';
import { ChangesBadge } from '../../components/listing-changes.tsx';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useCategories } from '../../features/marketplace/api.ts';
import { useOwnListing, usePackageStatus, useSaveListing } from '../../features/provider/api.ts';
import { HeldChangesNotice } from '../../features/provider/HeldChangesNotice.tsx';
import { ListingForm, type ListingFormValues } from '../../features/provider/ListingForm.tsx';
import { useProviderGuard } from '../../features/provider/use-provider-guard.ts';
import { useErrorToast } from '../../components/query-state.tsx';

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
  const status = usePackageStatus(me !== null);
  const save = useSaveListing(id);
  const categories = useCategories();

  useErrorToast(listing.isError, LISTING_MESSAGES.loadFailed, {
    id: 'edit-listing-error',
    redirectTo: '/dashboard/listings',
  });

  if (!me || !listing.data) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit Listing</h1>
        <ListingStatusBadge status={listing.data.status} />
        {listing.data.changes && <ChangesBadge />}
      </div>
      <HeldChangesNotice listing={listing.data} />
      <Card>
        <CardContent>
          <ListingForm
            key={listing.data.id}
            initial={toValues(listing.data)}
            categories={categories.data}
            categoriesFailed={categories.isError}
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
