/**
 * The edit page's word on changes to an approved listing (decision 0041): the changes awaiting approval
 * beside the approved version customers still see, or why an admin did not approve the last changes.
 */
import { HELD_CHANGES_MESSAGES } from '@domain/held-changes.ts';
import type { OwnListing } from '@domain/providers.ts';
import { ListingChangesDiff } from '../../components/listing-changes.tsx';

export function HeldChangesNotice({ listing }: { listing: OwnListing }) {
  if (listing.changes) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-muted-foreground">{HELD_CHANGES_MESSAGES.awaitingHint}</p>
        <ListingChangesDiff changes={listing.changes} headingLevel="h2" />
      </div>
    );
  }
  if (listing.changesRejectionReason) {
    return <ChangesRejected reason={listing.changesRejectionReason} />;
  }
  return null;
}

/** Why the last changes were not approved (dark text on the pale red, the red edge marks it). */
export function ChangesRejected({ reason }: { reason: string }) {
  return (
    <p className="rounded-md border-l-4 border-destructive bg-destructive/10 p-2 text-sm text-foreground">
      <span className="font-semibold">{HELD_CHANGES_MESSAGES.rejected}: </span>
      {reason} <span className="text-muted-foreground">{HELD_CHANGES_MESSAGES.rejectedHint}</span>
    </p>
  );
}
