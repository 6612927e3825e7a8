import { useId, useState } from 'react';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { ChevronDown, Mail, Phone, Store, User } from 'lucide-react';
import type { EnquiryStatus } from '@domain/constants.ts';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import { ENQUIRY_STATUS_LABELS, type EnquiryView } from '@domain/engagement.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { cn } from '../../lib/utils.ts';
import { useSetEnquiryStatus } from './use-enquiries.ts';

export const SETTABLE_STATUSES = ['read', 'replied', 'archived'] as const;
const STATUS_UPDATE_FAILED = 'Failed to update status';

function enquiryDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  // 'new' is highlighted; every other status is neutral.
  return <Badge variant={status === 'new' ? 'default' : 'outline'}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}

/**
 * One enquiry. Collapsed it shows the listing, the sender (or provider), the status and the start of the
 * message; opening it shows everything, and for the provider (or an admin) opening a new one marks it read.
 */
export function EnquiryCard({
  enquiry,
  canManage,
  showSender,
  showProvider,
}: {
  enquiry: EnquiryView;
  /** Provider or admin: may change the status. */
  canManage: boolean;
  showSender: boolean;
  showProvider: boolean;
}) {
  const [open, setOpen] = useState(false);
  const setStatus = useSetEnquiryStatus();
  const detailsId = useId();
  const statusId = useId();
  const isNew = enquiry.status === 'new';
  const listingTitle = enquiry.listing?.title ?? FAVORITE_MESSAGES.deletedListing;
  const category = enquiry.listing ? enquiry.listing.categoryName : FAVORITE_MESSAGES.unknownCategory;

  const change = (status: (typeof SETTABLE_STATUSES)[number], quiet = false) => {
    // mutateAsync: with a status filter the card may leave the list before the toast would show.
    setStatus.mutateAsync({ id: enquiry.id, status }).then(
      () => {
        if (!quiet) toast.success(`Enquiry marked as ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}`);
      },
      () => toast.error(STATUS_UPDATE_FAILED),
    );
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && isNew && canManage && !setStatus.isPending) change('read', true);
  };

  return (
    <li>
      <article
        data-testid="enquiry-card"
        data-status={enquiry.status}
        className={cn(
          'rounded-xl border bg-card shadow-sm transition-colors',
          isNew && 'border-primary/50 bg-secondary/40 ring-1 ring-primary/20',
        )}
      >
        <div className="flex flex-col gap-3 p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 flex-1">
              <h2 className="text-base leading-snug font-semibold break-words">
                {enquiry.listing ? (
                  <Link to={`/listing/${enquiry.listing.id}`} className="hover:text-primary hover:underline">
                    {listingTitle}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">{listingTitle}</span>
                )}
              </h2>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {category && <span>{category} · </span>}
                <time dateTime={enquiry.createdAt}>{enquiryDate(enquiry.createdAt)}</time>
              </p>
            </div>
            <EnquiryStatusBadge status={enquiry.status} />
          </div>

          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {showSender && (
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <User aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="truncate">
                  <span className="sr-only">From </span>
                  {enquiry.userName}
                </span>
              </span>
            )}
            {showProvider && enquiry.providerName && (
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="truncate">
                  <span className="sr-only">To </span>
                  {enquiry.providerName}
                </span>
              </span>
            )}
          </div>

          {!open && <p className="line-clamp-2 text-sm break-words text-foreground/80">{enquiry.message}</p>}

          <div id={detailsId} hidden={!open} className="space-y-4">
            <p className="text-sm break-words whitespace-pre-line">{enquiry.message}</p>
            {showSender && (
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div className="flex min-w-0 items-center gap-2">
                  <dt>
                    <Mail aria-label="Email" className="size-4 text-muted-foreground" />
                  </dt>
                  <dd className="min-w-0 truncate">
                    <a href={`mailto:${enquiry.userEmail}`} className="text-primary hover:underline">
                      {enquiry.userEmail}
                    </a>
                  </dd>
                </div>
                {enquiry.userPhone && (
                  <div className="flex min-w-0 items-center gap-2">
                    <dt>
                      <Phone aria-label="Phone" className="size-4 text-muted-foreground" />
                    </dt>
                    <dd className="min-w-0 truncate">
                      <a
                        href={`tel:${enquiry.userPhone.replace(/\s+/g, '')}`}
                        className="text-primary hover:underline"
                      >
                        {enquiry.userPhone}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            )}
            {canManage && (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <Label htmlFor={statusId}>Status</Label>
                <Select
                  value={isNew ? undefined : enquiry.status}
                  onValueChange={(value) => change(value as (typeof SETTABLE_STATUSES)[number])}
                  disabled={setStatus.isPending}
                >
                  <SelectTrigger id={statusId} className="w-full sm:w-44">
                    <SelectValue placeholder="New" />
                  </SelectTrigger>
                  <SelectContent>
                    {SETTABLE_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {ENQUIRY_STATUS_LABELS[s]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
          </div>

          <div>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={toggle}
            >
              <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
              {open ? 'Hide details' : 'View details'}
              <span className="sr-only"> of the enquiry about {listingTitle}</span>
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}
