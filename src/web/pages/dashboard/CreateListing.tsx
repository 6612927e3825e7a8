/**
 * /dashboard/listings/new: the listing form with the package banner. Without an active package or at the
 * listing limit the spec's message shows and the page goes to /packages (demo mode and admins are exempt;
 * the server refuses the same cases).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '@domain/constants.ts';
import { LISTING_MESSAGES, PACKAGE_MESSAGES, type PackageStatus } from '@domain/providers.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { PackageBanner } from '../../features/provider/PackageBanner.tsx';
import { useCategories } from '../../features/marketplace/api.ts';
import { usePackageStatus, useSaveListing } from '../../features/provider/api.ts';
import { EMPTY_LISTING, ListingForm } from '../../features/provider/ListingForm.tsx';
import { useProviderGuard } from '../../features/provider/use-provider-guard.ts';
import { isApiError } from '../../lib/api.ts';
import { useErrorToast } from '../../components/query-state.tsx';

/** Why a new listing cannot be made (no active package, limit reached), or null. Admins and demo mode never. */
function blockedMessage(status: PackageStatus): string | null {
  if (status.source !== 'package') return null;
  if (!status.active)
    return status.paymentStatus === 'pending' ? PACKAGE_MESSAGES.paymentPending : PACKAGE_MESSAGES.expired;
  if (status.maxListings !== -1 && status.listingCount >= status.maxListings)
    return PACKAGE_MESSAGES.limitReached;
  return null;
}

const PACKAGE_REFUSALS = ['LISTING_LIMIT_REACHED', 'PACKAGE_EXPIRED', 'PACKAGE_PAYMENT_PENDING'];

export default function CreateListing() {
  const me = useProviderGuard('create');
  const navigate = useNavigate();
  const status = usePackageStatus(me !== null);
  const save = useSaveListing(undefined);
  const categories = useCategories();

  // Judged once, on arrival: the count rises when this page's own listing is saved, which is no refusal.
  const [arrival, setArrival] = useState<PackageStatus | null | undefined>(undefined);
  if (arrival === undefined && !status.isPending) setArrival(status.data ?? null);
  const data = status.data;
  const blocked = arrival ? blockedMessage(arrival) : null;

  useErrorToast(blocked !== null, blocked ?? '', { id: 'create-listing-blocked', redirectTo: '/packages' });

  if (!me || arrival === undefined || blocked) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Create Listing</h1>
        <p className="mt-1 text-muted-foreground">
          Tell families about your service. New listings are reviewed by our team before they go live.
        </p>
      </div>
      <PackageBanner status={data} />
      <Card>
        <CardContent>
          <ListingForm
            initial={EMPTY_LISTING}
            categories={categories.data}
            categoriesFailed={categories.isError}
            // Failing to fetch the package falls back to the built-in default allowance.
            maxImages={data?.maxImages ?? LIMITS.imageDefaultAllowance}
            submitLabel="Create Listing"
            failMessage={LISTING_MESSAGES.createFailed}
            onSubmit={async (values) => {
              try {
                await save.mutateAsync(values);
              } catch (error) {
                if (isApiError(error) && PACKAGE_REFUSALS.includes(error.code ?? '')) {
                  toast.error(error.message);
                  await navigate('/packages');
                  return;
                }
                throw error;
              }
              toast.success(LISTING_MESSAGES.created);
              await navigate('/dashboard/listings');
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
