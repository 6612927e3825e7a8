import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../lib/toast.ts';
import {
  ArrowLeft,
  BadgeCheck,
  Crown,
  Eye,
  MapPin,
  MessageCircle,
  MessageSquare,
  Navigation,
  Phone,
  Star,
  Store,
} from 'lucide-react';
import { distanceLabel, imageVariant, priceRange, provinceLabel } from '@domain/format.ts';
import { distanceKm } from '@domain/geo.ts';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { telHref, whatsAppHref } from '@domain/phone.ts';
import { CategoryIcon } from '../components/category-icon.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ContactProviderButton } from '../features/enquiries/ContactProviderButton.tsx';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { ShareButton } from '../features/share/ShareButton.tsx';
import { ListingGallery } from '../features/listings/ListingGallery.tsx';
import {
  listingQueryKey,
  recordListingView,
  useListing,
  useRelatedListings,
} from '../features/marketplace/api.ts';
import { LISTING_GRID_CLASS, ListingCard } from '../features/marketplace/ListingCard.tsx';
import { useGeolocation, useUserLocation } from '../features/marketplace/use-location.ts';
import { ReviewsSection } from '../features/reviews/ReviewsSection.tsx';

const LOAD_FAILED = 'Failed to load listing details';

function BackButton() {
  const navigate = useNavigate();
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/browse');
  };
  return (
    <Button variant="ghost" onClick={onBack} className="-ml-3">
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );
}

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

interface ContactDialog {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
}

function Summary({ listing, contact }: { listing: ListingDetailData; contact: ContactDialog }) {
  const { provider } = listing;
  return (
    <Card className="gap-4">
      <CardContent className="space-y-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-2">
            {listing.featured && (
              <Badge variant="gold">
                <Star aria-hidden="true" className="fill-current" />
                Featured
              </Badge>
            )}
            <h1 className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl">
              {listing.title}
            </h1>
            <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
              <CategoryIcon name={listing.category.icon ?? undefined} className="size-4" />
              {listing.category.name}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <ShareButton path={`/listing/${listing.id}`} title={listing.title} iconOnly />
            <FavoriteButton listingId={listing.id} className="shrink-0" />
          </div>
        </div>
        <div className="space-y-1.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {listing.city}, {provinceLabel(listing.province)}
          </p>
          <Distance listing={listing} />
        </div>
        <p className="text-3xl font-extrabold tracking-tight text-primary">
          <span className="sr-only">Price: </span>
          {priceRange(listing.priceFrom, listing.priceTo)}
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Eye aria-hidden="true" className="size-4" />
            {listing.views} {listing.views === 1 ? 'view' : 'views'}
          </span>
          {listing.reviewCount > 0 && (
            <span className="flex items-center gap-1.5">
              <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
              <span className="font-medium text-foreground">{listing.rating.toFixed(1)}</span>(
              {listing.reviewCount} {listing.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          )}
        </div>
        {listing.status === 'approved' && (
          <ContactProviderButton listingId={listing.id} listingTitle={listing.title} {...contact} />
        )}
        {provider.isPremium && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Crown aria-hidden="true" className="size-3.5 text-gold" />
            Premium provider
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ProviderCard({ listing }: { listing: ListingDetailData }) {
  const { provider } = listing;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Service Provider
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Link
          to={`/provider/${provider.id}`}
          className="group -m-2 flex min-w-0 items-center gap-3 rounded-lg p-2 outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {provider.logoUrl ? (
            <img
              src={imageVariant(provider.logoUrl, 400)}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-14 shrink-0 rounded-full object-cover ring-1 ring-border"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary"
            >
              <Store className="size-6" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="flex items-start gap-1.5 font-semibold group-hover:text-primary">
              {/* A long name wraps (anywhere, if it must) rather than widening the page on a phone. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">{provider.businessName}</span>
              {provider.isPremium && (
                <Crown aria-label="Premium" role="img" className="mt-1 size-4 shrink-0 text-gold" />
              )}
              {provider.hasVerificationBadge && (
                <BadgeCheck aria-label="Verified" role="img" className="mt-1 size-4 shrink-0 text-primary" />
              )}
            </span>
            <span className="mt-1 flex flex-wrap gap-1.5">
              <Badge variant={provider.isPremium ? 'gold' : 'secondary'}>{provider.packageLabel}</Badge>
            </span>
            <span className="mt-1 block text-xs text-muted-foreground">View profile</span>
          </span>
        </Link>
      </CardContent>
    </Card>
  );
}

function ContactCard({ listing }: { listing: ListingDetailData }) {
  const phone = listing.provider.phone?.trim();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Contact Information
        </CardTitle>
      </CardHeader>
      <CardContent>
        {phone ? (
          <address className="not-italic">
            <a
              href={telHref(phone)}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              {phone}
            </a>
          </address>
        ) : (
          <p className="text-sm text-muted-foreground">
            No phone number listed. Use Contact Provider to send an enquiry.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Phones: Contact Provider, Call and WhatsApp (a South African mobile number only) stay at the bottom of
 * the screen, since the summary's button is below the gallery. Hidden while the enquiry dialog is open; the
 * page gets room at the bottom so the bar never covers the footer.
 */
function StickyContactBar({
  listing,
  hidden,
  onContact,
}: {
  listing: ListingDetailData;
  /** While the dialog is open: kept mounted (hidden) so focus can return to its button. */
  hidden: boolean;
  onContact: (opener: HTMLElement) => void;
}) {
  const phone = listing.provider.phone?.trim() || null;
  const whatsApp = whatsAppHref(phone);
  useEffect(() => {
    document.body.classList.add(...BAR_ROOM_CLASSES);
    return () => document.body.classList.remove(...BAR_ROOM_CLASSES);
  }, []);
  return (
    <div
      role="region"
      aria-label="Contact this provider"
      data-testid="sticky-contact-bar"
      hidden={hidden}
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center gap-2">
        <Button size="lg" className="min-w-0 flex-1" onClick={(e) => onContact(e.currentTarget)}>
          <MessageSquare aria-hidden="true" />
          Contact Provider
        </Button>
        {phone && (
          <Button asChild size="lg" variant="outline" className="size-11 shrink-0 p-0">
            <a href={telHref(phone)} aria-label={`Call ${listing.provider.businessName}`}>
              <Phone aria-hidden="true" />
            </a>
          </Button>
        )}
        {whatsApp && (
          <Button
            asChild
            size="lg"
            variant="outline"
            className="size-11 shrink-0 p-0 text-[oklch(0.45_0.13_150)]"
          >
            <a
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp ${listing.provider.businessName}`}
            >
              <MessageCircle aria-hidden="true" />
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}

/** Room under the page for the sticky bar (phones only), so it never covers the footer's last line. */
const BAR_ROOM_CLASSES = ['pb-20', 'lg:pb-0'];

/** The enquiry dialog, opened by the summary's button or the sticky bar; focus returns to the opener. */
function useContactDialog() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const dialog: ContactDialog = {
    open,
    onOpenChange: (next) => {
      if (next) opener.current = null; // opened by the summary's own trigger: Radix returns focus there
      setOpen(next);
    },
    returnFocusTo: () => opener.current,
  };
  const openFrom = (element: HTMLElement) => {
    opener.current = element;
    setOpen(true);
  };
  return { dialog, openFrom };
}

function RelatedListings({ listing }: { listing: ListingDetailData }) {
  const { data: related } = useRelatedListings(listing.id);
  if (!related || related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        Related Listings
      </h2>
      <ul className={`mt-6 ${LISTING_GRID_CLASS}`}>
        {related.map((item) => (
          <li key={item.id}>
            <ListingCard listing={item} onOpen={() => window.scrollTo({ top: 0 })} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-3" aria-busy="true" aria-label="Loading listing">
      <Skeleton className="aspect-[4/3] w-full rounded-xl lg:col-span-2" />
      <div className="space-y-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </div>
  );
}

/** Adds one view per page view of an approved listing (StrictMode's double effects count once). */
function useRecordView(listing: ListingDetailData | undefined) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);
  const id = listing?.id;
  const approved = listing?.status === 'approved';
  useEffect(() => {
    if (!id || !approved || counted.current === id) return;
    counted.current = id;
    recordListingView(id)
      .then(() => {
        queryClient.setQueryData<ListingDetailData>(listingQueryKey(id), (old) =>
          old ? { ...old, views: old.views + 1 } : old,
        );
      })
      .catch(() => {
        // A view that was not counted is not worth bothering the visitor about.
      });
  }, [id, approved, queryClient]);
}

export default function ListingDetail() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: listing, isError } = useListing(id);
  useRecordView(listing);
  const contact = useContactDialog();

  const failed = isError && !listing;
  useEffect(() => {
    if (!failed) return;
    toast.error(LOAD_FAILED, { id: 'listing-load-failed' });
    void navigate('/browse', { replace: true });
  }, [failed, navigate]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <BackButton />
      <div className="mt-4">
        {!listing ? (
          <DetailSkeleton />
        ) : (
          <>
            {listing.status !== 'approved' && (
              <p
                role="status"
                className="mb-6 rounded-lg border border-warning/50 bg-warning/15 px-4 py-3 text-sm text-warning-foreground"
              >
                This listing is {listing.status === 'pending' ? 'awaiting approval' : 'rejected'} and is not
                visible to the public.
              </p>
            )}
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-8">
              <div className="min-w-0 lg:col-span-2">
                <ListingGallery key={listing.id} images={listing.images} title={listing.title} />
              </div>
              <aside className="min-w-0 space-y-6 self-start lg:sticky lg:top-20 lg:col-start-3 lg:row-span-2 lg:row-start-1">
                <Summary listing={listing} contact={contact.dialog} />
                <ProviderCard listing={listing} />
                <ContactCard listing={listing} />
              </aside>
              <div className="min-w-0 space-y-10 lg:col-span-2">
                <section aria-labelledby="description-heading">
                  <h2 id="description-heading" className="text-xl font-semibold">
                    Description
                  </h2>
                  <p className="mt-3 leading-relaxed whitespace-pre-line text-foreground/85">
                    {listing.description}
                  </p>
                </section>
                <ReviewsSection listingId={listing.id} />
              </div>
            </div>
            <RelatedListings listing={listing} />
            {listing.status === 'approved' && (
              <StickyContactBar listing={listing} hidden={contact.dialog.open} onContact={contact.openFrom} />
            )}
          </>
        )}
      </div>
    </div>
  );
}
