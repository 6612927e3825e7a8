import { useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';
import { Inbox, MessageSquare } from 'lucide-react';
import { ENQUIRY_STATUSES, type EnquiryStatus, type Role } from '@domain/constants.ts';
import { ENQUIRY_MESSAGES, ENQUIRY_STATUS_LABELS } from '@domain/engagement.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../features/auth/use-me.ts';
import { EnquiryCard } from '../features/enquiries/EnquiryCard.tsx';
import { useEnquiries } from '../features/enquiries/use-enquiries.ts';

const TITLES: Record<Role, { title: string; description: string }> = {
  user: { title: 'My Enquiries', description: 'The enquiries you sent to service providers, newest first.' },
  service_provider: {
    title: 'Client Enquiries',
    description: 'Enquiries clients sent about your listings, newest first.',
  },
  admin: { title: 'All Enquiries', description: 'Every enquiry on the marketplace, newest first.' },
};

function LoadingList() {
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

/** /dashboard/enquiries: sent enquiries for users, received for providers, all for admins. */
export default function Enquiries() {
  const { data: me } = useMe();
  const [status, setStatus] = useState<EnquiryStatus | undefined>(undefined);
  const { data, isPending, isError, refetch, isFetching } = useEnquiries(status);

  useEffect(() => {
    if (isError) toast.error(ENQUIRY_MESSAGES.loadFailed, { id: 'enquiries-load-error' });
  }, [isError]);

  // The layout only renders pages once the session is known.
  if (!me) return null;
  const role = me.role;
  const canManage = role === 'service_provider' || role === 'admin';
  const { title, description } = TITLES[role];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <MessageSquare aria-hidden="true" className="size-6 text-primary" />
            {title}
          </h1>
          <p className="mt-1 text-muted-foreground">{description}</p>
        </div>
        {canManage && (
          <FilterSelect
            id="enquiry-status-filter"
            label="Filter by status"
            className="sm:w-48"
            value={status}
            onChange={setStatus}
            allLabel="All statuses"
            options={ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }))}
          />
        )}
      </div>

      {isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Loading enquiries</span>
          <LoadingList />
        </div>
      ) : isError ? (
        <Card className="text-center">
          <CardContent className="space-y-4 py-6">
            <p className="text-muted-foreground">{ENQUIRY_MESSAGES.loadFailed}</p>
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              {isFetching && <Spinner label={null} />}
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : data.items.length === 0 ? (
        <Card className="text-center">
          <CardContent className="flex flex-col items-center gap-3 py-10">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary"
            >
              <Inbox className="size-7" />
            </span>
            <p className="text-muted-foreground">{ENQUIRY_MESSAGES.empty}</p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label={title}>
            {data.items.map((enquiry) => (
              <EnquiryCard
                key={enquiry.id}
                enquiry={enquiry}
                canManage={canManage}
                showSender={canManage}
                showProvider={role !== 'service_provider'}
              />
            ))}
          </ul>
          {data.total > data.items.length && (
            <p className="text-center text-sm text-muted-foreground">
              Showing the newest {data.items.length} of {data.total} enquiries.
            </p>
          )}
        </>
      )}
    </div>
  );
}
