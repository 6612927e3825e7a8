/**
 * A card on My Listings: image, title, category, status (with the rejection reason), place, price, views.
 * It shows the approved version; changes awaiting approval (or why they were not approved) are marked.
 */
import { Eye, ImageOff, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { imageVariant, ownListingPrice, provinceLabel } from '@domain/format.ts';
import { LISTING_MESSAGES, type OwnListingCard as OwnListing } from '@domain/providers.ts';
import { ChangesBadge } from '../../components/listing-changes.tsx';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ChangesRejected } from './HeldChangesNotice.tsx';

export function OwnListingCard({
  listing,
  onDelete,
  deleting,
}: {
  listing: OwnListing;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Card className="w-full min-w-0 gap-0 overflow-hidden py-0">
      <div className="aspect-[4/3] bg-muted">
        {listing.primaryImageUrl ? (
          <img
            src={imageVariant(listing.primaryImageUrl, 400)}
            alt={listing.title}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-8" />
            <span className="sr-only">No image</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{listing.title}</h2>
            <p className="text-sm text-muted-foreground">{listing.categoryName}</p>
          </div>
          <ListingStatusBadge status={listing.status} className="shrink-0" />
        </div>
        {listing.hasChanges && <ChangesBadge className="self-start" />}
        {!listing.hasChanges && listing.changesRejectionReason && (
          <ChangesRejected reason={listing.changesRejectionReason} />
        )}
        {listing.status === 'rejected' && listing.rejectionReason && (
          // Dark text on the pale red (red on pink was 4.09:1; axe wants 4.5:1); the red edge marks it.
          <p className="rounded-md border-l-4 border-destructive bg-destructive/10 p-2 text-sm text-foreground">
            <span className="font-semibold">Reason: </span>
            {listing.rejectionReason}
          </p>
        )}
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          {provinceLabel(listing.province)}, {listing.city}
        </p>
        <p className="line-clamp-2 text-sm">{listing.description}</p>
        <div className="mt-auto flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold text-primary">
            {ownListingPrice(listing.priceFrom, listing.priceTo)}
          </span>
          <span className="flex items-center gap-1 text-muted-foreground">
            <Eye aria-hidden="true" className="size-4" />
            {listing.views} <span className="sr-only">views</span>
          </span>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link to={`/dashboard/listings/${listing.id}/edit`} aria-label={`Edit ${listing.title}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button
                variant="outline"
                size="sm"
                className="flex-1 text-destructive"
                disabled={deleting}
                aria-label={`Delete ${listing.title}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete listing</AlertDialogTitle>
                <AlertDialogDescription>{LISTING_MESSAGES.confirmDelete}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction onClick={onDelete}>Delete</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </div>
    </Card>
  );
}
