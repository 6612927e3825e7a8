/** /admin/matric-users' body: the totals, the users with approved Matric Guide access, and Revoke. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Ban, Eye } from 'lucide-react';
import { GUIDE_MESSAGES, rand, type MatricUser } from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { useErrorToast } from '../../components/query-state.tsx';
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
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../lib/toast.ts';
import { useMatricUsers, useRevokeAccess } from './api.ts';
import { formatDate } from '@domain/format.ts';

const date = (iso: string | null) => (iso ? formatDate(iso) : '—');

export function MatricUsersTable() {
  const users = useMatricUsers();
  const revoke = useRevokeAccess();
  const [revoking, setRevoking] = useState<MatricUser | null>(null);

  useErrorToast(users.isError, GUIDE_MESSAGES.usersLoadFailed, { id: 'matric-users-load' });

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.userId);
      toast.success(GUIDE_MESSAGES.accessRevoked);
    } catch {
      toast.error(GUIDE_MESSAGES.revokeFailed);
    } finally {
      setRevoking(null);
    }
  };

  const columns: DataTableColumn<MatricUser>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (u) => <span className="font-medium">{u.name ?? GUIDE_MESSAGES.unknownUser}</span>,
    },
    { id: 'email', header: 'Email', cell: (u) => <span className="break-all">{u.email}</span> },
    { id: 'paid', header: 'Paid', cell: (u) => rand(u.paidAmount) },
    { id: 'approved', header: 'Approved', cell: (u) => date(u.approvedAt) },
    { id: 'last', header: 'Last Access', cell: (u) => (u.lastAccessAt ? date(u.lastAccessAt) : 'Never') },
    { id: 'count', header: 'Access Count', cell: (u) => u.accessCount, align: 'end' },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (u) => (
        <div className="flex justify-end gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to="/matric-guide">
              <Eye aria-hidden="true" />
              View Content
            </Link>
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => setRevoking(u)}
            aria-label={`Revoke access for ${u.email}`}
          >
            <Ban aria-hidden="true" />
            Revoke
          </Button>
        </div>
      ),
    },
  ];

  const totals = users.data?.totals;
  const counters: [string, string][] = [
    ['Active Users', totals ? String(totals.activeUsers) : '—'],
    ['Total Access Count', totals ? String(totals.totalAccess) : '—'],
    ['Total Revenue', totals ? rand(totals.totalRevenue) : '—'],
  ];

  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        {counters.map(([label, value]) => (
          // Each card is the <div> group of one <dt>/<dd> pair, a direct child of the <dl>.
          <Card key={label} className="gap-1 px-6">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </Card>
        ))}
      </dl>
      <DataTable
        caption="Matric users"
        columns={columns}
        rows={users.data?.items}
        getRowId={(u) => u.userId}
        isLoading={users.isPending}
        error={users.error}
        errorText={GUIDE_MESSAGES.usersLoadFailed}
        onRetry={() => void users.refetch()}
        emptyText={GUIDE_MESSAGES.noUsers}
      />
      <AlertDialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke access?</AlertDialogTitle>
            <AlertDialogDescription>
              {revoking?.email} will no longer be able to read the Matric Guide. They can submit a new payment
              reference later.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmRevoke()}>Revoke</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
