/**
 * Changes to an approved listing that await an admin (decision 0041): the "Changes awaiting approval" badge
 * (My Listings, the edit page, the moderation table) and the side-by-side difference of the approved
 * version and the one awaiting approval (the admin's detail dialog, the provider's edit page). Below 640 px
 * the two versions stack, each labelled.
 */
import { HELD_CHANGES_MESSAGES, type ListingChanges } from '@domain/held-changes.ts';
import { formatDateTime, imageVariant } from '@domain/format.ts';
import { cn } from '../lib/utils.ts';
import { Badge } from './ui/badge.tsx';

export function ChangesBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className}>
      {HELD_CHANGES_MESSAGES.awaiting}
    </Badge>
  );
}

function Version({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border bg-background p-2">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div className="text-sm break-words whitespace-pre-line">{children}</div>
    </div>
  );
}

function Pictures({ urls }: { urls: string[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5">
      {urls.map((url, i) => (
        <li key={url}>
          <img
            src={imageVariant(url, 400)}
            alt={`Picture ${i + 1}${i === 0 ? ' (main)' : ''}`}
            className="size-16 rounded object-cover"
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

/** What changed, field by field: the approved value beside the value awaiting approval. */
export function ListingChangesDiff({
  changes,
  className,
  headingLevel: Heading = 'h3',
}: {
  changes: ListingChanges;
  className?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <section
      aria-label={HELD_CHANGES_MESSAGES.awaiting}
      className={cn('space-y-3 rounded-lg border border-warning bg-warning/10 p-3', className)}
    >
      <div>
        <Heading className="text-sm font-semibold">{HELD_CHANGES_MESSAGES.awaiting}</Heading>
        <p className="text-xs text-muted-foreground">Submitted {formatDateTime(changes.submittedAt)}</p>
      </div>
      <ul className="space-y-3">
        {changes.fields.map((f) => (
          <li key={f.field}>
            <p className="text-xs font-semibold">{f.label}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <Version label={HELD_CHANGES_MESSAGES.approvedVersion}>
                <del className="no-underline">{f.before}</del>
              </Version>
              <Version label={HELD_CHANGES_MESSAGES.newVersion}>
                <ins className="no-underline">{f.after}</ins>
              </Version>
            </div>
          </li>
        ))}
        {changes.images && (
          <li>
            <p className="text-xs font-semibold">Images</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <Version label={HELD_CHANGES_MESSAGES.approvedVersion}>
                <Pictures urls={changes.images.before} />
              </Version>
              <Version label={HELD_CHANGES_MESSAGES.newVersion}>
                <Pictures urls={changes.images.after} />
              </Version>
            </div>
          </li>
        )}
      </ul>
    </section>
  );
}
