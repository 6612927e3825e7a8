/**
 * /admin/listings: stat cards, search, category and province filters with Clear Filters, status tabs with
 * counts, the server-paged sortable table with row selection and the floating bulk-action bar, the reject
 * dialog (optional reason) and the detail dialog with Previous/Next through the filtered list. The Changes
 * tab lists listings whose changes await approval; the dialog shows the difference and decides on them
 * (a reason is required to reject changes). Every bit of state lives in the URL (useTableParams over the
 * server route's own schema).
 */
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Check, CheckCircle2, Clock, Eye, ImageOff, List, X, XCircle } from 'lucide-react';
import {
  ADMIN_MESSAGES,
  changesRejectionSchema,
  MODERATION_TAB_LABELS,
  MODERATION_TABS,
  moderateBodySchema,
  moderationQuerySchema,
  REJECTION_REASON_MAX,
  type ModerationRow,
  type ModerationSort,
  type ModerationTab,
} from '@domain/admin.ts';
import { CATEGORIES, PROVINCES } from '@domain/constants.ts';
import { HELD_CHANGES_MESSAGES } from '@domain/held-changes.ts';
import { formatCount, formatDate, imageVariant, priceRange, provinceLabel } from '@domain/format.ts';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { TablePagination } from '../../components/data-table/TablePagination.tsx';
import { TableSearch } from '../../components/data-table/TableSearch.tsx';
import { useRowSelection } from '../../components/data-table/use-row-selection.ts';
import { useTableParams } from '../../components/data-table/use-table-params.ts';
import { ChangesBadge } from '../../components/listing-changes.tsx';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import { RejectDialog } from '../../components/reject-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { StatCard } from '../../components/dashboard-cards.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useModerate, useModerateChanges, useModerationPage } from './api.ts';
import { ListingDetailDialog } from './ListingDetailDialog.tsx';
import { useErrorToast } from '../../components/query-state.tsx';

/** The reason of the moderation body, checked in the dialog as the server checks it. */
const REJECTION_SCHEMA = moderateBodySchema.pick({ reason: true });

export function ListingsModeration() {
  const table = useTableParams(moderationQuerySchema);
  const { state } = table;
  const { data, isPending, isFetching, isPlaceholderData, error, refetch } = useModerationPage(state);
  const selection = useRowSelection(state);
  const moderate = useModerate();
  const moderateChanges = useModerateChanges();
  const [rejecting, setRejecting] = useState<string[]>([]);
  const [rejectingChanges, setRejectingChanges] = useState<{ id: string; revision: string } | null>(null);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [openAfterLoad, setOpenAfterLoad] = useState<{ page: number; which: 'first' | 'last' } | null>(null);

  useErrorToast(Boolean(error), ADMIN_MESSAGES.listingsLoadFailed, { id: 'admin-listings-error' });

  const rows = data?.items;
  // Crossing a page boundary from the dialog: open the first/last row once the new page is in (adjusted
  // during render, so no frame shows the old page's row).
  if (openAfterLoad && state.page === openAfterLoad.page && rows && !isPlaceholderData) {
    setOpenIndex(rows.length === 0 ? null : openAfterLoad.which === 'first' ? 0 : rows.length - 1);
    setOpenAfterLoad(null);
  }

  const shownIndex =
    openIndex === null || !rows || rows.length === 0 ? null : Math.min(openIndex, rows.length - 1);
  const openRow = shownIndex === null ? null : rows![shownIndex]!;
  const globalIndex = shownIndex === null ? 0 : (state.page - 1) * state.pageSize + shownIndex;
  const total = data?.total ?? 0;

  const act = (ids: string[], status: 'approved' | 'rejected', reason: string | null = null) => {
    const bulk = ids.length > 1 || selection.count > 0;
    moderate.mutate(
      { ids, status, reason },
      {
        onSuccess: (result) => {
          if (bulk) {
            toast.success(ADMIN_MESSAGES.bulkDone(result.updated, status), {
              description: ADMIN_MESSAGES.bulkDoneDescription,
            });
          } else {
            toast.success(ADMIN_MESSAGES.listingDone(status), {
              description: ADMIN_MESSAGES.listingDoneDescription,
            });
          }
          selection.clear();
          setRejecting([]);
        },
        onError: () => toast.error(bulk ? ADMIN_MESSAGES.bulkFailed : ADMIN_MESSAGES.listingUpdateFailed),
      },
    );
  };
  const actOne = (id: string, status: 'approved' | 'rejected', reason: string | null = null) => {
    moderate.mutate(
      { ids: [id], status, reason },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.listingDone(status), {
            description: ADMIN_MESSAGES.listingDoneDescription,
          });
          setRejecting([]);
        },
        onError: () => toast.error(ADMIN_MESSAGES.listingUpdateFailed),
      },
    );
  };

  const decideChanges = (
    id: string,
    revision: string,
    status: 'approved' | 'rejected',
    reason: string | null = null,
  ) => {
    moderateChanges.mutate(
      { id, revision, status, reason },
      {
        onSuccess: () => {
          if (status === 'approved') {
            toast.success(HELD_CHANGES_MESSAGES.approved, {
              description: HELD_CHANGES_MESSAGES.approvedDescription,
            });
          } else {
            toast.success(HELD_CHANGES_MESSAGES.rejectedToast, {
              description: HELD_CHANGES_MESSAGES.rejectedToastDescription,
            });
          }
          setRejectingChanges(null);
        },
        onError: (error) =>
          toast.error(HELD_CHANGES_MESSAGES.failed, {
            description: error instanceof Error ? error.message : undefined,
          }),
      },
    );
  };

  const columns: DataTableColumn<ModerationRow, ModerationSort>[] = [
    {
      id: 'image',
      header: 'Image',
      hideHeader: true,
      hideOnPhone: true,
      className: 'w-16 max-xl:hidden',
      cell: (row) =>
        row.primaryImageUrl ? (
          <img
            src={imageVariant(row.primaryImageUrl, 400)}
            alt=""
            className="size-12 rounded-md object-cover"
            loading="lazy"
          />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-md bg-muted">
            <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
          </span>
        ),
    },
    {
      id: 'title',
      header: 'Title',
      sortKey: 'title',
      rowHeader: true,
      className: 'min-w-44',
      cell: (row) => (
        <>
          {row.title}
          <span className="block text-xs font-normal text-muted-foreground">
            {CATEGORIES.find((c) => c.slug === row.category.slug)?.name ?? row.category.name}
          </span>
        </>
      ),
    },
    { id: 'business', header: 'Business', sortKey: 'business_name', cell: (row) => row.businessName },
    {
      id: 'location',
      header: 'Location',
      cell: (row) => `${row.city}, ${provinceLabel(row.province)}`,
    },
    {
      id: 'price',
      header: 'Price',
      sortKey: 'price_from',
      firstSortDir: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => priceRange(row.priceFrom, row.priceTo),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <ListingStatusBadge status={row.status} />
          {row.hasChanges && <ChangesBadge />}
        </span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      firstSortDir: 'desc',
      className: 'whitespace-nowrap',
      cell: (row) => formatDate(row.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (row) =>
        row.status === 'pending' ? (
          <div className="flex justify-end gap-1">
            <Button
              size="sm"
              variant="outline"
              className="text-success"
              onClick={() => actOne(row.id, 'approved')}
              disabled={moderate.isPending}
              aria-label={`Approve ${row.title}`}
            >
              <Check aria-hidden="true" />
              <span className="max-2xl:sr-only">Approve</span>
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive"
              onClick={() => setRejecting([row.id])}
              disabled={moderate.isPending}
              aria-label={`Reject ${row.title}`}
            >
              <X aria-hidden="true" />
              <span className="max-2xl:sr-only">Reject</span>
            </Button>
          </div>
        ) : row.hasChanges ? (
          <div className="flex justify-end">
            <Button
              size="sm"
              variant="outline"
              onClick={() => setOpenIndex(rows?.indexOf(row) ?? null)}
              aria-label={`Review changes to ${row.title}`}
            >
              <Eye aria-hidden="true" />
              <span className="max-2xl:sr-only">Review Changes</span>
            </Button>
          </div>
        ) : null,
    },
  ];

  const counts = data?.counts;
  const stats = data?.stats;
  const selectedIds = [...selection.selectedIds];

  return (
    <div className="space-y-5">
      <section aria-label="Listing statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard compact label="Pending Review" value={stats?.pending} icon={Clock} />
        <StatCard compact label="Approved" value={stats?.approved} icon={CheckCircle2} />
        <StatCard compact label="Rejected" value={stats?.rejected} icon={XCircle} />
        <StatCard compact label="Total Listings" value={stats?.all} icon={List} />
      </section>

      <section
        aria-label="Filters"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem_auto] lg:items-end"
      >
        <TableSearch
          value={state.search ?? ''}
          onSearch={(text) => table.setFilter('search', text || undefined)}
          label="Search listings"
          placeholder="Search title, city or business…"
        />
        <FilterSelect
          id="moderation-category"
          label="Category"
          value={state.category}
          onChange={(value) => table.setFilter('category', value)}
          allLabel="All categories"
          options={CATEGORIES.map((c) => ({ value: c.slug, label: c.name }))}
        />
        <FilterSelect
          id="moderation-province"
          label="Province"
          value={state.province}
          onChange={(value) => table.setFilter('province', value)}
          allLabel="All provinces"
          options={PROVINCES}
        />
        <Button
          variant="outline"
          onClick={() => table.clearFilters(['search', 'category', 'province'])}
          disabled={!state.search && !state.category && !state.province}
        >
          Clear Filters
        </Button>
      </section>

      <Tabs value={state.status} onValueChange={(value) => table.setFilter('status', value as ModerationTab)}>
        <TabsList className="flex h-auto w-full flex-wrap justify-start sm:w-fit" aria-label="Listing status">
          {MODERATION_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="min-h-10">
              {MODERATION_TAB_LABELS[tab]}
              <span className="ml-1.5 rounded-full bg-background/70 px-1.5 text-xs tabular-nums">
                {counts ? formatCount(counts[tab]) : '…'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>

        {/* The active tab's panel: its trigger's aria-controls names this element. */}
        <TabsContent value={state.status} className="space-y-5">
          <DataTable
            caption="Listings"
            columns={columns}
            rows={rows}
            getRowId={(row) => row.id}
            sort={{ sort: state.sort, dir: state.dir }}
            onSortChange={(next) => table.setSort(next.sort, next.dir)}
            isLoading={isPending}
            isFetching={isFetching}
            error={error}
            errorText={ADMIN_MESSAGES.listingsLoadFailed}
            onRetry={() => void refetch()}
            emptyText="No listings found"
            onRowActivate={(row) => setOpenIndex(rows?.indexOf(row) ?? null)}
            selection={{
              selectedIds: selection.selectedIds,
              onSelectedIdsChange: selection.setSelectedIds,
              rowLabel: (row) => row.title,
            }}
            bulkActions={
              <>
                <Button onClick={() => act(selectedIds, 'approved')} disabled={moderate.isPending}>
                  <Check aria-hidden="true" />
                  Approve
                </Button>
                <Button
                  variant="destructive"
                  onClick={() => setRejecting(selectedIds)}
                  disabled={moderate.isPending}
                >
                  <X aria-hidden="true" />
                  Reject
                </Button>
              </>
            }
          />

          <TablePagination
            page={state.page}
            pageSize={state.pageSize}
            total={data?.total}
            onPageChange={table.setPage}
            onPageSizeChange={table.setPageSize}
            label="Listings pages"
          />
        </TabsContent>
      </Tabs>

      <ListingDetailDialog
        listingId={openRow?.id ?? null}
        position={`${formatCount(globalIndex + 1)} of ${formatCount(total)}`}
        hasPrevious={globalIndex > 0}
        hasNext={globalIndex + 1 < total}
        onPrevious={() => {
          if (shownIndex! > 0) setOpenIndex(shownIndex! - 1);
          else {
            setOpenAfterLoad({ page: state.page - 1, which: 'last' });
            table.setPage(state.page - 1);
          }
        }}
        onNext={() => {
          if (shownIndex! + 1 < rows!.length) setOpenIndex(shownIndex! + 1);
          else {
            setOpenAfterLoad({ page: state.page + 1, which: 'first' });
            table.setPage(state.page + 1);
          }
        }}
        onApprove={(id) => actOne(id, 'approved')}
        onReject={(id) => setRejecting([id])}
        onApproveChanges={(id, revision) => decideChanges(id, revision, 'approved')}
        onRejectChanges={(id, revision) => setRejectingChanges({ id, revision })}
        busy={moderate.isPending || moderateChanges.isPending}
        onClose={() => setOpenIndex(null)}
      />

      <RejectDialog
        open={rejecting.length > 0}
        title={rejecting.length === 1 ? 'Reject listing' : `Reject ${rejecting.length} listings`}
        description="The provider sees the reason next to the Rejected badge on My Listings. It is optional."
        label="Reason (optional)"
        placeholder="e.g. The photos do not show the service."
        maxLength={REJECTION_REASON_MAX}
        schema={REJECTION_SCHEMA}
        busy={moderate.isPending}
        onCancel={() => setRejecting([])}
        onConfirm={(reason) =>
          rejecting.length === 1 && selection.count === 0
            ? actOne(rejecting[0]!, 'rejected', reason)
            : act(rejecting, 'rejected', reason)
        }
      />

      <RejectDialog
        open={rejectingChanges !== null}
        title="Reject changes"
        description="The approved version stays live. The provider sees the reason on My Listings and by email."
        label="Reason"
        placeholder="e.g. The new title does not describe the service."
        maxLength={REJECTION_REASON_MAX}
        schema={changesRejectionSchema}
        busy={moderateChanges.isPending}
        onCancel={() => setRejectingChanges(null)}
        onConfirm={(reason) => {
          if (rejectingChanges) {
            decideChanges(rejectingChanges.id, rejectingChanges.revision, 'rejected', reason);
          }
        }}
      />
    </div>
  );
}
