/**
 * /admin/reports: reports of listings and reviews in one server-paged table (status, type, reason, search in
 * the URL). From an open report the admin opens the listing, unpublishes it (rejected with the reason the
 * provider sees), removes the reported review, or dismisses the report. Free text shows as plain text.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { REJECTION_REASON_MAX } from '@domain/admin.ts';
import { formatDateTime } from '@domain/format.ts';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  reportQuerySchema,
  reporterLabel,
  unpublishReasonSchema,
  type ReportRow,
} from '@domain/reports.ts';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { TablePagination } from '../../components/data-table/TablePagination.tsx';
import { TableSearch } from '../../components/data-table/TableSearch.tsx';
import { useTableParams } from '../../components/data-table/use-table-params.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useErrorToast } from '../../components/query-state.tsx';
import { RejectDialog } from '../../components/reject-dialog.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDecideReport, useReportPage, type ReportDecision } from './reports-api.ts';

const LOAD_FAILED = 'Failed to load reports';
/** The server's body schema for the reason; RejectDialog reads `{ reason }` with it. */
const UNPUBLISH_SCHEMA = unpublishReasonSchema;

const STATUS_VARIANT = { open: 'warning', resolved: 'success', dismissed: 'muted' } as const;

function Subject({ row }: { row: ReportRow }) {
  return (
    <div className="min-w-0 max-w-xs space-y-1">
      <Link
        to={`/listing/${row.listing.id}`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
      >
        {row.listing.title}
        <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">(opens the listing in a new tab)</span>
      </Link>
      <p className="text-xs text-muted-foreground">
        {row.listing.businessName}
        {row.listing.status !== 'approved' && ` · ${row.listing.status}`}
      </p>
      {row.type === 'review' &&
        (row.review ? (
          <p className="text-xs break-words whitespace-pre-line">
            Review by {row.review.authorName ?? 'Anonymous User'} ({row.review.rating}/5)
            {row.review.comment && `: “${row.review.comment}”`}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground italic">Review removed</p>
        ))}
    </div>
  );
}

function Actions({ row, onDecide }: { row: ReportRow; onDecide: (next: Pending) => void }) {
  if (row.status !== 'open') {
    return (
      <span className="text-xs text-muted-foreground">
        {row.resolvedAt ? formatDateTime(row.resolvedAt) : '–'}
      </span>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {row.type === 'listing' && row.listing.status === 'approved' && (
        <Button size="sm" variant="destructive" onClick={() => onDecide({ kind: 'unpublish', row })}>
          Unpublish
        </Button>
      )}
      {row.type === 'review' && row.review && (
        <Button size="sm" variant="destructive" onClick={() => onDecide({ kind: 'remove-review', row })}>
          Remove review
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onDecide({ kind: 'dismiss', row })}>
        Dismiss
      </Button>
    </div>
  );
}

type Pending = { kind: 'unpublish' | 'remove-review' | 'dismiss'; row: ReportRow };

export function ReportsQueue() {
  const table = useTableParams(reportQuerySchema);
  const { state } = table;
  const { data, isPending, isFetching, error, refetch } = useReportPage(state);
  const decide = useDecideReport();
  const [pending, setPending] = useState<Pending | null>(null);
  useErrorToast(Boolean(error), LOAD_FAILED, { id: 'admin-reports-error' });

  const run = async (decision: ReportDecision, done: string) => {
    try {
      await decide.mutateAsync(decision);
      toast.success(done);
      setPending(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update the report'));
    }
  };

  const columns: DataTableColumn<ReportRow, 'created_at' | 'reason' | 'listing'>[] = [
    {
      id: 'listing',
      header: 'Reported',
      sortKey: 'listing',
      rowHeader: true,
      cell: (row) => <Subject row={row} />,
    },
    {
      id: 'type',
      header: 'Type',
      cell: (row) => <Badge variant="outline">{REPORT_TYPE_LABELS[row.type]}</Badge>,
    },
    { id: 'reason', header: 'Reason', sortKey: 'reason', cell: (row) => REPORT_REASON_LABELS[row.reason] },
    {
      id: 'details',
      header: 'Details',
      cell: (row) =>
        row.details ? (
          <p className="max-w-xs text-sm break-words whitespace-pre-line">{row.details}</p>
        ) : (
          <span className="text-muted-foreground">–</span>
        ),
    },
    { id: 'reporter', header: 'Reporter', cell: (row) => reporterLabel(row.reporterName) },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'created_at',
      firstSortDir: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => formatDateTime(row.createdAt),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => <Badge variant={STATUS_VARIANT[row.status]}>{REPORT_STATUS_LABELS[row.status]}</Badge>,
    },
    { id: 'actions', header: 'Actions', cell: (row) => <Actions row={row} onDecide={setPending} /> },
  ];

  return (
    <div className="space-y-5">
      <section
        aria-label="Filters"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_12rem_auto] lg:items-end"
      >
        <TableSearch
          value={state.search ?? ''}
          onSearch={(text) => table.setFilter('search', text || undefined)}
          label="Search reports"
          placeholder="Listing, business or details…"
        />
        <FilterSelect
          id="reports-status"
          label="Status"
          value={state.status}
          onChange={(value) => table.setFilter('status', value)}
          options={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] }))}
        />
        <FilterSelect
          id="reports-type"
          label="Type"
          value={state.type}
          onChange={(value) => table.setFilter('type', value)}
          allLabel="All types"
          options={REPORT_TYPES.map((s) => ({ value: s, label: REPORT_TYPE_LABELS[s] }))}
        />
        <FilterSelect
          id="reports-reason"
          label="Reason"
          value={state.reason}
          onChange={(value) => table.setFilter('reason', value)}
          allLabel="All reasons"
          options={REPORT_REASONS.map((s) => ({ value: s, label: REPORT_REASON_LABELS[s] }))}
        />
        <Button
          variant="outline"
          onClick={() => table.clearFilters()}
          disabled={table.activeFilters.length === 0}
        >
          Clear Filters
        </Button>
      </section>

      <DataTable
        caption="Reports"
        columns={columns}
        rows={data?.items}
        getRowId={(row) => row.id}
        sort={{ sort: state.sort, dir: state.dir }}
        onSortChange={(next) => table.setSort(next.sort, next.dir)}
        isLoading={isPending}
        isFetching={isFetching}
        error={error}
        errorText={LOAD_FAILED}
        onRetry={() => void refetch()}
        emptyText={state.status === 'open' ? 'No open reports. All clear.' : 'No reports found.'}
      />
      <TablePagination
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        label="Report pages"
      />

      <RejectDialog
        open={pending?.kind === 'unpublish'}
        title="Unpublish listing"
        description="The listing is rejected and leaves the marketplace. The provider sees the reason on My Listings and by email. Every open report of this listing is resolved."
        label="Reason"
        placeholder="e.g. Several parents reported this listing as a scam."
        maxLength={REJECTION_REASON_MAX}
        schema={UNPUBLISH_SCHEMA}
        busy={decide.isPending}
        confirmLabel="Unpublish"
        onCancel={() => setPending(null)}
        onConfirm={(reason) =>
          pending && reason
            ? run({ id: pending.row.id, action: 'unpublish', reason }, 'Listing unpublished')
            : undefined
        }
      />
      <AlertDialog
        open={pending?.kind === 'remove-review' || pending?.kind === 'dismiss'}
        onOpenChange={(open) => !open && !decide.isPending && setPending(null)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {pending?.kind === 'remove-review' ? 'Remove review' : 'Dismiss report'}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pending?.kind === 'remove-review'
                ? 'The review is deleted and the listing’s rating is recalculated. Every open report of this review is resolved. This cannot be undone.'
                : 'The report is closed without any change to the listing or review.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={decide.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={decide.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (!pending) return;
                void (pending.kind === 'remove-review'
                  ? run({ id: pending.row.id, action: 'remove-review' }, 'Review removed')
                  : run({ id: pending.row.id, action: 'dismiss' }, 'Report dismissed'));
              }}
            >
              {pending?.kind === 'remove-review' ? 'Remove review' : 'Dismiss'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
