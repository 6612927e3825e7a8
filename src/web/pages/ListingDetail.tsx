import { useParams } from 'react-router';
import { Navigation } from 'lucide-react';
import { distanceLabel } from '@domain/format.ts';
import { distanceKm } from '@domain/geo.ts';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { useErrorToast } from '../components/query-state.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../lib/use-me.ts';
import { CONTACT_PROVIDER_ID, ContactProviderButton } from '../features/enquiries/ContactProviderButton.tsx';
import { useContactDialog } from '../features/enquiries/use-contact-dialog.ts';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { useListing } from '../features/marketplace/api.ts';
import {
  BackButton,
  ListingDescription,
  ListingDetailSkeleton,
  ListingStatusNotice,
} from '../features/marketplace/ListingDetailParts.tsx';
import { ListingGallery } from '../features/marketplace/ListingGallery.tsx';
import { ListingContactCard, ListingProviderCard } from '../features/marketplace/ListingSideCards.tsx';
import { ListingSummary } from '../features/marketplace/ListingSummary.tsx';
import { RelatedListings } from '../features/marketplace/RelatedListings.tsx';
import { StickyContactBar } from '../features/marketplace/StickyContactBar.tsx';
import { useGeolocation, useUserLocation } from '../features/marketplace/use-location.ts';
import { useRecordView } from '../features/marketplace/use-record-view.ts';
import { ReportListingButton, ReportReviewButton } from '../features/reports/ReportDialog.tsx';
import { ReviewsSection } from '../features/reviews/ReviewsSection.tsx';
import { ShareButton } from '../features/share/ShareButton.tsx';

const LOAD_FAILED = 'Failed to load listing details';

/**
 * How far the listing is from the visitor, or a button that asks for the location. Kept in the page's own
 * module on purpose: the bundler keeps @domain/geo the home hero's lazy chunk only while the page module
 * itself imports it (imported from a feature module, its runtime helpers become one more chunk that every
 * page loads; decision 0028).
 */
function Distance({ listing }: { listing: ListingDetailData }) {
  const location = useUserLocation();
  const { locate, locating } = useGeolocation();
  if (listing.latitude == null || listing.longitude == null) return null;
  if (location) {
    const km = distanceKm(location.lat, location.lng, listing.latitude, listing.longitude);
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
        <Navigation aria-hidden="true" className="size-4 text-primary" />
        {distanceLabel(km)} away
      </p>
    );
  }
  return (
    <Button
      variant="link"
      size="sm"
      className="-ml-1 min-h-11 px-1"
      onClick={() => void locate()}
      disabled={locating}
    >
      {locating ? <Spinner label={null} /> : <Navigation aria-hidden="true" />}
      Enable location to see distance
    </Button>
  );
}

/** /listing/{id}: gallery, summary and contact, provider, description, reviews and related listings. */
export default function ListingDetail() {
  const { id } = useParams();
  const { data: listing, isError } = useListing(id);
  const { data: me } = useMe();
  useRecordView(listing);
  const contact = useContactDialog();
  useErrorToast(isError && !listing, LOAD_FAILED, { id: 'listing-load-failed', redirectTo: '/browse' });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <BackButton />
      <div className="mt-4">
        {!listing ? (
          <ListingDetailSkeleton />
        ) : (
          <>
            {listing.status !== 'approved' && <ListingStatusNotice status={listing.status} />}
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-8">
              <div className="min-w-0 lg:col-span-2">
                <ListingGallery key={listing.id} images={listing.images} title={listing.title} />
              </div>
              <aside className="min-w-0 space-y-6 self-start lg:sticky lg:top-20 lg:col-start-3 lg:row-span-2 lg:row-start-1">
                <ListingSummary
                  listing={listing}
                  actions={
                    <>
                      <ShareButton path={`/listing/${listing.id}`} title={listing.title} iconOnly />
                      <FavoriteButton listingId={listing.id} className="shrink-0" />
                    </>
                  }
                  distance={<Distance listing={listing} />}
                  contact={
                    listing.status === 'approved' && (
                      <ContactProviderButton
                        listingId={listing.id}
                        listingTitle={listing.title}
                        {...contact.dialog}
                      />
                    )
                  }
                />
                <ListingProviderCard listing={listing} />
                <ListingContactCard listing={listing} />
              </aside>
              <div className="min-w-0 space-y-10 lg:col-span-2">
                <ListingDescription description={listing.description} />
                <ReviewsSection
                  listingId={listing.id}
                  ownListing={Boolean(me?.provider && me.provider.id === listing.provider.id)}
                  reviewAction={(review) => (
                    <ReportReviewButton reviewId={review.id} signedIn={Boolean(me)} />
                  )}
                />
                {listing.status === 'approved' && (
                  <div className="flex justify-end">
                    <ReportListingButton listingId={listing.id} />
                  </div>
                )}
              </div>
            </div>
            <RelatedListings
              listing={listing}
              cardAction={(item) => <FavoriteButton listingId={item.id} />}
            />
            {listing.status === 'approved' && (
              <StickyContactBar
                listing={listing}
                anchorId={CONTACT_PROVIDER_ID}
                hidden={contact.dialog.open}
                onContact={contact.openFrom}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
