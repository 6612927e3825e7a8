/** The access requests of /admin/premium-access: newest first, approve or reject (with a reason) the pending ones. */
import { useState } from 'react';
import { Check, X } from 'lucide-react';
import {
  GUIDE_MESSAGES,
  rand,
  rejectSchema,
  GUIDE_LIMITS,
  type AccessStatus,
  type AdminAccessRequest,
} from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { useErrorToast } from '../../components/query-state.tsx';
import { RejectDialog } from '../../components/reject-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { useAccessRequests, useReviewRequest } from './api.ts';
import { formatDateTime } from '@domain/format.ts';

export const ACCESS_STATUS_LABEL: Record<AccessStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive' } as const;

/** `status`: only the requests with this status; undefined for all. */
export function AccessRequestsTable({ status }: { status: AccessStatus | undefined }) {
  const requests = useAccessRequests(status);
  const review = useReviewRequest();
  const [rejecting, setRejecting] = useState<AdminAccessRequest | null>(null);

  useErrorToast(requests.isError, GUIDE_MESSAGES.requestsLoadFailed, { id: 'requests-load' });

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
      cell: (r) => formatDateTime(r.purchasedAt),
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
          <Badge variant={STATUS_VARIANT[r.paymentStatus]}>{ACCESS_STATUS_LABEL[r.paymentStatus]}</Badge>
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
    <>
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
        title="Reject access request"
        description="The reason is shown to the user on the Matric access page."
        label="Reason"
        placeholder="e.g. We could not find a payment with this reference."
        rows={3}
        maxLength={GUIDE_LIMITS.reasonMax}
        showCount
        schema={rejectSchema}
        busy={review.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={reject}
      />
    </>
  );
}
