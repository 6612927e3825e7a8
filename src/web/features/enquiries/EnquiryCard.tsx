import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { ChevronDown, Mail, MessagesSquare, Phone, Store, User } from 'lucide-react';
import type { EnquiryStatus } from '@domain/constants.ts';
import { FAVORITE_MESSAGES } from '@domain/constants.ts';
import { CONVERSATION_MESSAGES, ENQUIRY_STATUS_LABELS, type EnquiryView } from '@domain/engagement.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { cn } from '../../lib/utils.ts';
import { Conversation } from './Conversation.tsx';
import { useMarkConversationRead, useSetEnquiryStatus } from './use-enquiries.ts';
import { formatDate } from '@domain/format.ts';

export const SETTABLE_STATUSES = ['read', 'replied', 'archived'] as const;
const STATUS_UPDATE_FAILED = 'Failed to update status';

const enquiryDate = formatDate;

export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  // 'new' is highlighted; every other status is neutral.
  return <Badge variant={status === 'new' ? 'default' : 'outline'}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}

/**
 * One enquiry. Collapsed it shows the listing, the sender (or provider), the status, an unread mark and the
 * start of the message; opening it shows everything with the conversation and its reply box, clears the
 * unread mark, and for the provider (or an admin) opening a new one marks it read.
 */
export function EnquiryCard({
  enquiry,
  canManage,
  showSender,
  showProvider,
  initiallyOpen = false,
}: {
  enquiry: EnquiryView;
  /** Provider or admin: may change the status. */
  canManage: boolean;
  showSender: boolean;
  showProvider: boolean;
  /** The page's link named this enquiry (a mail's "View the conversation"): open it and scroll to it. */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const setStatus = useSetEnquiryStatus();
  const markRead = useMarkConversationRead();
  const cardRef = useRef<HTMLElement>(null);
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

  const opened = () => {
    if (isNew && canManage && !setStatus.isPending) change('read', true);
    if (enquiry.unread && !markRead.isPending) markRead.mutate(enquiry.id);
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) opened();
  };

  // Opened from a link: the card comes into view and counts as opened once.
  const openedFromLink = useRef(false);
  useEffect(() => {
    if (!initiallyOpen || openedFromLink.current) return;
    openedFromLink.current = true;
    cardRef.current?.scrollIntoView({ block: 'start' });
    opened();
  });

  return (
    <li>
      <article
        ref={cardRef}
        data-testid="enquiry-card"
        data-status={enquiry.status}
        data-unread={enquiry.unread}
        className={cn(
          'scroll-mt-20 rounded-xl border bg-card shadow-sm transition-colors',
          (isNew || enquiry.unread) && 'border-primary/50 bg-secondary/40 ring-1 ring-primary/20',
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
            <div className="flex flex-wrap items-center gap-1.5">
              {enquiry.unread && (
                <Badge data-testid="unread-mark" className="gap-1">
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-primary-foreground" />
                  {CONVERSATION_MESSAGES.unread}
                </Badge>
              )}
              <EnquiryStatusBadge status={enquiry.status} />
            </div>
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
            {enquiry.messageCount > 0 && (
              <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                <MessagesSquare aria-hidden="true" className="size-4 shrink-0" />
                {enquiry.messageCount === 1 ? '1 reply' : `${enquiry.messageCount} replies`}
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
            {open && <Conversation enquiryId={enquiry.id} open={open} />}
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

/** The enquiry list while it loads: three card-shaped placeholders. */
export function EnquiryListSkeleton() {
  return (
    <ul aria-hidden="true" className="space-y-3">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <div className="flex justify-between gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-full" />
        </li>
      ))}
    </ul>
  );
}
