/**
 * The moderation detail dialog: image carousel, every field, the provider, Approve/Reject on pending
 * listings, the difference and Approve/Reject of changes awaiting approval (decision 0041), and
 * Previous/Next through the filtered list. Keyboard: A approve, R reject (the listing when it is pending,
 * otherwise its changes), ← → previous/next.
 */
import type { KeyboardEvent } from 'react';
import { Check, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { CATEGORIES } from '@domain/constants.ts';
import { formatCount, formatDate, priceRange, provinceLabel } from '@domain/format.ts';
import { ChangesBadge, ListingChangesDiff } from '../../components/listing-changes.tsx';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useModerationDetail } from './api.ts';
import { ImageCarousel } from './ImageCarousel.tsx';

export interface ListingDetailDialogProps {
  listingId: string | null;
  /** "3 of 120": the listing's place in the filtered list. */
  position: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  onApproveChanges: (id: string, revision: string) => void;
  onRejectChanges: (id: string, revision: string) => void;
  busy: boolean;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  target.closest('input, textarea, select, [contenteditable="true"]') !== null;

export function ListingDetailDialog(props: ListingDetailDialogProps) {
  const {
    listingId,
    position,
    hasPrevious,
    hasNext,
    onPrevious,
    onNext,
    onApprove,
    onReject,
    onApproveChanges,
    onRejectChanges,
    busy,
    onClose,
  } = props;
  const { data: listing, isPending, isError } = useModerationDetail(listingId);
  const pending = listing?.status === 'pending';
  const changes = listing?.changes ?? null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'arrowleft' && hasPrevious) {
      event.preventDefault();
      onPrevious();
    } else if (key === 'arrowright' && hasNext) {
      event.preventDefault();
      onNext();
    } else if (key === 'a' && pending && !busy && listing) {
      event.preventDefault();
      onApprove(listing.id);
    } else if (key === 'r' && pending && !busy && listing) {
      event.preventDefault();
      onReject(listing.id);
    } else if (key === 'a' && changes && !busy && listing) {
      event.preventDefault();
      onApproveChanges(listing.id, changes.revision);
    } else if (key === 'r' && changes && !busy && listing) {
      event.preventDefault();
      onRejectChanges(listing.id, changes.revision);
    }
  };

  return (
    <Dialog open={listingId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-2xl" onKeyDown={onKeyDown}>
        <DialogHeader>
          <DialogTitle className="pr-8">{listing?.title ?? 'Listing'}</DialogTitle>
          <DialogDescription>Listing {position}</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : isError || !listing ? (
          <p className="text-sm text-muted-foreground">Error fetching listings</p>
        ) : (
          <div className="space-y-4">
            <ImageCarousel key={listing.id} images={listing.images} title={listing.title} />
            <div className="flex flex-wrap items-center gap-2">
              <ListingStatusBadge status={listing.status} />
              {changes && <ChangesBadge />}
              {listing.featured && <span className="text-xs font-medium text-primary">Featured</span>}
            </div>
            {listing.status === 'rejected' && listing.rejectionReason && (
              <p className="rounded-md bg-destructive/10 p-3 text-sm">
                <span className="font-medium">Rejection reason: </span>
                {listing.rejectionReason}
              </p>
            )}
            {changes && <ListingChangesDiff changes={changes} />}
            <p className="text-sm whitespace-pre-line">{listing.description}</p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label="Category">
                {CATEGORIES.find((c) => c.slug === listing.category.slug)?.name ?? listing.category.name}
              </Field>
              <Field label="Location">
                {listing.city}, {provinceLabel(listing.province)}
              </Field>
              <Field label="Price">{priceRange(listing.priceFrom, listing.priceTo)}</Field>
              <Field label="Coordinates">
                {listing.latitude !== null && listing.longitude !== null
                  ? `${listing.latitude.toFixed(4)}, ${listing.longitude.toFixed(4)}`
                  : 'Not given'}
              </Field>
              <Field label="Views">{formatCount(listing.views)}</Field>
              <Field label="Created">{formatDate(listing.createdAt)}</Field>
            </dl>
            <section aria-label="Provider" className="rounded-lg border p-3">
              <h3 className="text-sm font-semibold">{listing.provider.businessName}</h3>
              <p className="text-xs text-muted-foreground">
                {listing.provider.email} · {listing.provider.packageType} package
              </p>
              {listing.provider.description && (
                <p className="mt-2 text-sm text-muted-foreground">{listing.provider.description}</p>
              )}
            </section>
            <p className="text-xs text-muted-foreground">
              Keyboard: <kbd className="rounded border px-1">A</kbd> approve,{' '}
              <kbd className="rounded border px-1">R</kbd> reject,{' '}
              <kbd className="rounded border px-1">←</kbd> <kbd className="rounded border px-1">→</kbd>{' '}
              previous / next
            </p>
          </div>
        )}
        <DialogFooter className="gap-2 sm:justify-between">
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button type="button" variant="outline" onClick={onNext} disabled={!hasNext}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          {!pending && changes && listing && (
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="destructive"
                onClick={() => onRejectChanges(listing.id, changes.revision)}
                disabled={busy}
              >
                <X aria-hidden="true" />
                Reject Changes
              </Button>
              <Button
                type="button"
                onClick={() => onApproveChanges(listing.id, changes.revision)}
                disabled={busy}
              >
                <Check aria-hidden="true" />
                Approve Changes
              </Button>
            </div>
          )}
          {pending && listing && (
            <div className="flex gap-2">
              <Button
                type="button"
                variant="destructive"
                onClick={() => onReject(listing.id)}
                disabled={busy}
              >
                <X aria-hidden="true" />
                Reject
              </Button>
              <Button type="button" onClick={() => onApprove(listing.id)} disabled={busy}>
                <Check aria-hidden="true" />
                Approve
              </Button>
            </div>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
