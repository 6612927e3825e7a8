/** /admin/premium-access: every access request newest first; approve or reject the pending ones. */
import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { toast } from '../../lib/toast.ts';
import { Check, Crown, X } from 'lucide-react';
import {
  ACCESS_STATUSES,
  GUIDE_MESSAGES,
  rand,
  type AccessStatus,
  type AdminAccessRequest,
} from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useAccessRequests, useReviewRequest } from '../../features/guide/api.ts';
import { RejectDialog } from '../../features/guide/RejectDialog.tsx';

const STATUS_LABEL: Record<AccessStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive' } as const;

export default function PremiumAccess() {
  const [status, setStatus] = useState<AccessStatus | undefined>(undefined);
  const requests = useAccessRequests(status);
  const review = useReviewRequest();
  const [rejecting, setRejecting] = useState<AdminAccessRequest | null>(null);

  useEffect(() => {
    if (requests.isError) toast.error(GUIDE_MESSAGES.requestsLoadFailed, { id: 'requests-load' });
  }, [requests.isError]);

  const approve = async (row: AdminAccessRequest) => {
    try {
      await review.mutateAsync({ id: row.id, decision: 'approve' });
      toast.success(GUIDE_MESSAGES.accessApproved);
    } catch {
      toast.error(GUIDE_MESSAGES.statusFailed);
    }
  };
  const reject = async (reason: string | null) => {
    if (!rejecting) return;
    try {
      await review.mutateAsync({ id: rejecting.id, decision: 'reject', reason: reason ?? undefined });
      toast.success(GUIDE_MESSAGES.accessRejected);
      setRejecting(null);
    } catch {
      toast.error(GUIDE_MESSAGES.statusFailed);
    }
  };

  const columns: DataTableColumn<AdminAccessRequest>[] = [
    {
      id: 'user',
      header: 'User',
      rowHeader: true,
      cell: (r) => (
        <span className="grid">
          <span className="font-medium">{r.userName ?? GUIDE_MESSAGES.unknownUser}</span>
          <span className="text-xs text-muted-foreground">{r.userEmail}</span>
        </span>
      ),
    },
    { id: 'amount', header: 'Amount', cell: (r) => rand(r.paymentAmount) },
    {
      id: 'requested',
      header: 'Requested',
      cell: (r) => format(new Date(r.purchasedAt), 'MMM d, yyyy HH:mm'),
    },
    {
      id: 'reference',
      header: 'Reference',
      cell: (r) => r.paymentReference ?? <span className="text-muted-foreground">None</span>,
      className: 'max-w-48 break-all',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <span className="grid justify-items-start gap-1">
          <Badge variant={STATUS_VARIANT[r.paymentStatus]}>{STATUS_LABEL[r.paymentStatus]}</Badge>
          {r.rejectionReason && <span className="text-xs text-muted-foreground">{r.rejectionReason}</span>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (r) =>
        r.paymentStatus === 'pending' ? (
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => void approve(r)} disabled={review.isPending}>
              <Check aria-hidden="true" />
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRejecting(r)} disabled={review.isPending}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <Crown aria-hidden="true" className="size-6 text-primary" />
            Premium Access
          </h1>
          <p className="mt-1 text-muted-foreground">Matric Guide access requests, newest first.</p>
        </div>
        <FilterSelect
          id="request-status-filter"
          label="Filter by status"
          className="sm:w-48"
          value={status}
          onChange={setStatus}
          allLabel="All"
          options={ACCESS_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
        />
      </div>
      <DataTable
        caption="Access requests"
        columns={columns}
        rows={requests.data?.items}
        getRowId={(r) => r.id}
        isLoading={requests.isPending}
        isFetching={requests.isFetching}
        error={requests.error}
        errorText={GUIDE_MESSAGES.requestsLoadFailed}
        onRetry={() => void requests.refetch()}
        emptyText={GUIDE_MESSAGES.noRequests}
      />
      <RejectDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        onReject={reject}
        busy={review.isPending}
      />
    </div>
  );
}
