/** /admin/failed-mail: emails the outbox gave up on, newest first, server-paged (URL state), each with Retry. */
import { RotateCcw } from 'lucide-react';
import { formatDateTime } from '@domain/format.ts';
import { outboxQuerySchema, type OutboxRow } from '@domain/notifications.ts';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { TablePagination } from '../../components/data-table/TablePagination.tsx';
import { useTableParams } from '../../components/data-table/use-table-params.ts';
import { useErrorToast } from '../../components/query-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useOutboxPage, useRetryMail } from './api.ts';

const LOAD_FAILED = 'Failed to load failed emails';

function RetryButton({ row }: { row: OutboxRow }) {
  const retry = useRetryMail();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-busy={retry.isPending}
      aria-label={`Retry ${row.kind.replaceAll('_', ' ')} to ${row.recipient || 'redacted address'}`}
      onClick={() =>
        retry.mutate(row.id, {
          onSuccess: () => toast.success('Email queued to be sent again'),
          onError: (error) => toast.error(errorMessage(error, 'Failed to retry the email')),
        })
      }
    >
      {retry.isPending ? <Spinner label={null} /> : <RotateCcw aria-hidden="true" />}
      Retry
    </Button>
  );
}

const columns: DataTableColumn<OutboxRow, 'created_at' | 'next_attempt_at'>[] = [
  {
    id: 'created',
    header: 'Created',
    sortKey: 'created_at',
    firstSortDir: 'desc',
    className: 'whitespace-nowrap',
    cell: (row) => formatDateTime(row.createdAt),
  },
  {
    id: 'kind',
    header: 'Email',
    rowHeader: true,
    cell: (row) => <code className="text-sm">{row.kind}</code>,
  },
  {
    id: 'recipient',
    header: 'Recipient',
    cell: (row) =>
      row.recipient ? (
        <span className="break-all">{row.recipient}</span>
      ) : (
        <span className="text-muted-foreground">Redacted</span>
      ),
  },
  { id: 'attempts', header: 'Attempts', align: 'end', cell: (row) => row.attempts },
  {
    id: 'error',
    header: 'Last error',
    cell: (row) => (
      <span className="block max-w-xs text-sm break-words text-muted-foreground">{row.lastError ?? '–'}</span>
    ),
  },
  {
    id: 'retry',
    header: 'Actions',
    hideHeader: true,
    align: 'end',
    cell: (row) => <RetryButton row={row} />,
  },
];

export function FailedMail() {
  const table = useTableParams(outboxQuerySchema);
  const state = { ...table.state, status: 'failed' as const };
  const { data, isPending, isFetching, error, refetch } = useOutboxPage(state);

  useErrorToast(Boolean(error), LOAD_FAILED, { id: 'admin-outbox-error' });

  return (
    <div className="space-y-5">
      <DataTable
        caption="Failed emails"
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
        emptyText="No failed emails. Every message was sent."
      />
      <TablePagination
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        label="Failed email pages"
      />
    </div>
  );
}
