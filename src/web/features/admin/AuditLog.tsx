/** /admin/audit: every admin action newest first, filtered by admin, action and date, server-paged (URL state). */
import { ADMIN_MESSAGES, auditQuerySchema, type AuditRow } from '@domain/admin.ts';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { TablePagination } from '../../components/data-table/TablePagination.tsx';
import { useTableParams } from '../../components/data-table/use-table-params.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useAuditFacets, useAuditPage } from './api.ts';
import { useErrorToast } from '../../components/query-state.tsx';
import { formatDateTime } from '@domain/format.ts';

function Changes({ row }: { row: AuditRow }) {
  const has = (v: unknown) => v !== null && v !== undefined;
  if (!has(row.before) && !has(row.after)) return <span className="text-muted-foreground">–</span>;
  return (
    <details className="max-w-md text-xs">
      <summary className="cursor-pointer text-primary">Show values</summary>
      {has(row.before) && (
        <>
          <p className="mt-1 font-medium">Before</p>
          <pre className="overflow-x-auto rounded bg-muted p-2 whitespace-pre-wrap">
            {JSON.stringify(row.before, null, 1)}
          </pre>
        </>
      )}
      {has(row.after) && (
        <>
          <p className="mt-1 font-medium">After</p>
          <pre className="overflow-x-auto rounded bg-muted p-2 whitespace-pre-wrap">
            {JSON.stringify(row.after, null, 1)}
          </pre>
        </>
      )}
    </details>
  );
}

const columns: DataTableColumn<AuditRow, 'created_at'>[] = [
  {
    id: 'when',
    header: 'When',
    sortKey: 'created_at',
    firstSortDir: 'desc',
    className: 'whitespace-nowrap',
    cell: (row) => formatDateTime(row.createdAt),
  },
  {
    id: 'action',
    header: 'Action',
    rowHeader: true,
    cell: (row) => <code className="text-sm">{row.action}</code>,
  },
  { id: 'admin', header: 'Admin', cell: (row) => row.actorEmail },
  {
    id: 'record',
    header: 'Record',
    cell: (row) => (
      <span className="text-sm">
        {row.entityType}
        {row.entityId && (
          <span className="block max-w-40 truncate text-xs text-muted-foreground">{row.entityId}</span>
        )}
      </span>
    ),
  },
  { id: 'changes', header: 'Changes', cell: (row) => <Changes row={row} /> },
];

export function AuditLog() {
  const table = useTableParams(auditQuerySchema);
  const { state } = table;
  const { data, isPending, isFetching, error, refetch } = useAuditPage(state);
  const { data: facets } = useAuditFacets();

  useErrorToast(Boolean(error), ADMIN_MESSAGES.auditLoadFailed, { id: 'admin-audit-error' });

  return (
    <div className="space-y-5">
      <section
        aria-label="Filters"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_10rem_auto] lg:items-end"
      >
        <FilterSelect
          id="audit-admin"
          label="Admin"
          value={state.actor}
          onChange={(value) => table.setFilter('actor', value)}
          allLabel="All admins"
          options={facets?.actors.map((a) => ({ value: a.id, label: a.email })) ?? []}
        />
        <FilterSelect
          id="audit-action"
          label="Action"
          value={state.action}
          onChange={(value) => table.setFilter('action', value)}
          allLabel="All actions"
          options={facets?.actions.map((a) => ({ value: a, label: a })) ?? []}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={state.from ?? ''}
            onChange={(e) => table.setFilter('from', e.target.value || undefined)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={state.to ?? ''}
            onChange={(e) => table.setFilter('to', e.target.value || undefined)}
          />
        </div>
        <Button
          variant="outline"
          onClick={() => table.clearFilters()}
          disabled={table.activeFilters.length === 0}
        >
          Clear Filters
        </Button>
      </section>

      <DataTable
        caption="Audit log"
        columns={columns}
        rows={data?.items}
        getRowId={(row) => row.id}
        sort={{ sort: state.sort, dir: state.dir }}
        onSortChange={(next) => table.setSort(next.sort, next.dir)}
        isLoading={isPending}
        isFetching={isFetching}
        error={error}
        errorText={ADMIN_MESSAGES.auditLoadFailed}
        onRetry={() => void refetch()}
        emptyText="No admin actions recorded yet."
      />
      <TablePagination
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        label="Audit log pages"
      />
    </div>
  );
}
