/** /admin/matric-users: users with approved Matric Guide access, their use of it, and revoke. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { toast } from '../../lib/toast.ts';
import { Ban, Eye, UserCheck } from 'lucide-react';
import { GUIDE_MESSAGES, rand, type MatricUser } from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
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
import { useMatricUsers, useRevokeAccess } from '../../features/guide/api.ts';

const date = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy') : '—');

export default function MatricUsers() {
  const users = useMatricUsers();
  const revoke = useRevokeAccess();
  const [revoking, setRevoking] = useState<MatricUser | null>(null);

  useEffect(() => {
    if (users.isError) toast.error(GUIDE_MESSAGES.usersLoadFailed, { id: 'matric-users-load' });
  }, [users.isError]);

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
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <UserCheck aria-hidden="true" className="size-6 text-primary" />
          Matric Users
        </h1>
        <p className="mt-1 text-muted-foreground">Users with approved access to the Matric Guide.</p>
      </div>
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
    </div>
  );
}
