import { Inbox, MailWarning, MessageSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ENQUIRY_STATUSES, type EnquiryStatus, type Role } from '@domain/constants.ts';
import { CONVERSATION_MESSAGES, ENQUIRY_MESSAGES, ENQUIRY_STATUS_LABELS } from '@domain/engagement.ts';
import { FilterSelect } from '../components/filter-select.tsx';
import { QueryError, useErrorToast } from '../components/query-state.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { useMe } from '../lib/use-me.ts';
import { EnquiryCard, EnquiryListSkeleton } from '../features/enquiries/EnquiryCard.tsx';
import { useEnquiries } from '../features/enquiries/use-enquiries.ts';
import { useUrlChoice } from '../lib/url-choice.ts';

const TITLES: Record<Role, { title: string; description: string }> = {
  user: { title: 'My Enquiries', description: 'The enquiries you sent to service providers, newest first.' },
  service_provider: {
    title: 'Client Enquiries',
    description: 'Enquiries clients sent about your listings, newest first.',
  },
  admin: { title: 'All Enquiries', description: 'Every enquiry on the marketplace, newest first.' },
};

/**
 * /dashboard/enquiries: sent enquiries for users, received for providers, all for admins, each with its
 * conversation; ?enquiry=<id> (the mails' link) opens that one.
 */
export default function Enquiries() {
  const { data: me } = useMe();
  const canManage = me?.role === 'service_provider' || me?.role === 'admin';
  // Only providers and admins filter (users see every enquiry they sent): ?status= in the URL.
  const [status, setStatus] = useUrlChoice<EnquiryStatus>('status', ENQUIRY_STATUSES);
  const { data, isPending, isError, refetch, isFetching } = useEnquiries(canManage ? status : undefined);
  useErrorToast(isError, ENQUIRY_MESSAGES.loadFailed, { id: 'enquiries-load-error' });
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('enquiry');

  // The layout only renders pages once the session is known.
  if (!me) return null;
  const role = me.role;
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

      {role === 'service_provider' && data && !data.emailVerified && (
        <p
          role="note"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {CONVERSATION_MESSAGES.verifyEmail}
        </p>
      )}

      {isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Loading enquiries</span>
          <EnquiryListSkeleton />
        </div>
      ) : isError ? (
        <QueryError
          layout="card"
          message={ENQUIRY_MESSAGES.loadFailed}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
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
                initiallyOpen={enquiry.id === linked}
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
