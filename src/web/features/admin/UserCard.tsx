/**
 * One user on /admin/users: email, name, role (by precedence), join date and, for providers, business,
 * package (in its colour), expiry, payment status (pending amber, values other than active and pending
 * destructive) and the listings the package counts; with the package change, +1/+3 month extension, role
 * change and delete controls. A provider's package request from /checkout shows as a pending payment with its
 * activation (the package change for an upgrade, a month's extension for a renewal; decision 0039).
 */
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { CalendarPlus, Trash2, UserCog } from 'lucide-react';
import { ADMIN_MESSAGES, ROLE_CHANGE_PACKAGES, type AdminPackage, type AdminUser } from '@domain/admin.ts';
import { ROLE_LABELS, ROLES, type Role } from '@domain/constants.ts';
import { formatCount, formatDate } from '@domain/format.ts';
import { COUNTED_LISTINGS } from '@domain/listing-count.ts';
import { PackageBadge } from '../../components/package-badge.tsx';
import { PaymentStatusBadge } from '../../components/payment-status-badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useChangePackage, useChangeRole, useDeleteUser, useExtendPackage } from './api.ts';

const ROLE_BADGE: Record<Role, 'gold' | 'default' | 'secondary'> = {
  admin: 'gold',
  service_provider: 'default',
  user: 'secondary',
};

const date = (value: string) => formatDate(value);

function RoleDialog({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(user.role);
  const [packageType, setPackageType] = useState<(typeof ROLE_CHANGE_PACKAGES)[number]>('basic');
  const changeRole = useChangeRole();
  const save = () =>
    changeRole.mutate(
      { userId: user.id, role, packageType },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.roleUpdated);
          setOpen(false);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update role')),
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRole(user.role);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <UserCog aria-hidden="true" />
          Change Role
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change role</DialogTitle>
          <DialogDescription>
            {user.email}: the new role replaces the others.
            {role === 'service_provider' && !user.provider && ' A provider profile is created with 30 days.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <Select value={role} onValueChange={(value) => setRole(value as Role)}>
              <SelectTrigger id={`${id}-role`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {role === 'service_provider' && !user.provider && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-package`}>Package</Label>
              <Select
                value={packageType}
                onValueChange={(value) => setPackageType(value as (typeof ROLE_CHANGE_PACKAGES)[number])}
              >
                <SelectTrigger id={`${id}-package`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROLE_CHANGE_PACKAGES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {p[0]!.toUpperCase() + p.slice(1)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={save} disabled={changeRole.isPending}>
            Save Role
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function UserCard({
  user,
  packages,
  isSelf,
}: {
  user: AdminUser;
  packages: AdminPackage[];
  isSelf: boolean;
}) {
  const id = useId();
  const changePackage = useChangePackage();
  const extend = useExtendPackage();
  const deleteUser = useDeleteUser();
  const provider = user.provider;
  const expired =
    provider && (!provider.packageExpiresAt || new Date(provider.packageExpiresAt) <= new Date());

  const onPackage = (packageType: string) =>
    changePackage.mutate(
      { userId: user.id, packageType },
      {
        onSuccess: (result) =>
          toast.success(result.created ? ADMIN_MESSAGES.providerCreated : ADMIN_MESSAGES.packageUpdated),
        onError: () => toast.error(ADMIN_MESSAGES.packageUpdateFailed),
      },
    );
  const onExtend = (months: 1 | 3) =>
    extend.mutate(
      { userId: user.id, months },
      {
        onSuccess: () => toast.success(ADMIN_MESSAGES.packageExtended(months)),
        onError: () => toast.error(ADMIN_MESSAGES.extendFailed),
      },
    );

  return (
    <li className="min-w-0">
      <Card className="h-full gap-3 py-4" aria-labelledby={`${id}-email`}>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              {/* A long email wraps (anywhere, if it must) rather than being cut off. */}
              <h2 id={`${id}-email`} className="font-semibold [overflow-wrap:anywhere]">
                {user.email}
              </h2>
              <p className="truncate text-sm text-muted-foreground">{user.name}</p>
            </div>
            <Badge variant={ROLE_BADGE[user.role]}>{ROLE_LABELS[user.role]}</Badge>
          </div>
          <p className="text-xs text-muted-foreground">Joined {date(user.createdAt)}</p>

          {provider && (
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg bg-muted/50 p-3 text-sm">
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-muted-foreground">Business</dt>
                <dd className="truncate font-medium">{provider.businessName}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Package</dt>
                <dd>
                  <PackageBadge
                    packageType={provider.packageType}
                    label={packages.find((p) => p.packageType === provider.packageType)?.name}
                  />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Expires</dt>
                <dd className={expired ? 'font-medium text-destructive' : undefined}>
                  {provider.packageExpiresAt ? date(provider.packageExpiresAt) : 'No expiry'}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Payment</dt>
                <dd>
                  <PaymentStatusBadge status={provider.paymentStatus} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{COUNTED_LISTINGS.adminLabel}</dt>
                <dd>{formatCount(provider.listingCount)}</dd>
              </div>
            </dl>
          )}

          {provider?.pendingRequest && (
            <div
              className="space-y-2 rounded-lg border border-warning/60 bg-warning/15 p-3 text-sm"
              aria-label="Pending payment"
              role="group"
            >
              <p>
                <span className="font-medium">Pending payment:</span> {provider.pendingRequest.packageName}{' '}
                {provider.pendingRequest.kind === 'renewal' ? 'renewal' : 'upgrade'}, requested{' '}
                {date(provider.pendingRequest.requestedAt)}
              </p>
              <Button
                size="sm"
                disabled={changePackage.isPending || extend.isPending}
                onClick={() =>
                  // A renewal adds a month to what is left; an upgrade starts the new package now.
                  provider.pendingRequest!.kind === 'renewal'
                    ? onExtend(1)
                    : onPackage(provider.pendingRequest!.packageType)
                }
              >
                Activate {provider.pendingRequest.packageName}
              </Button>
            </div>
          )}

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-package`}>{provider ? 'Change package' : 'Assign package'}</Label>
            <Select
              value={provider?.packageType ?? ''}
              onValueChange={onPackage}
              disabled={changePackage.isPending}
            >
              <SelectTrigger id={`${id}-package`} className="w-full">
                <SelectValue placeholder="Choose a package" />
              </SelectTrigger>
              <SelectContent>
                {packages.map((p) => (
                  <SelectItem key={p.packageType} value={p.packageType}>
                    {p.emoji} {p.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="flex flex-wrap gap-2">
            {provider && (
              <>
                <Button variant="outline" size="sm" onClick={() => onExtend(1)} disabled={extend.isPending}>
                  <CalendarPlus aria-hidden="true" />
                  +1 Month
                </Button>
                <Button variant="outline" size="sm" onClick={() => onExtend(3)} disabled={extend.isPending}>
                  <CalendarPlus aria-hidden="true" />
                  +3 Months
                </Button>
              </>
            )}
            <RoleDialog user={user} disabled={isSelf} />
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  disabled={isSelf}
                  aria-label={`Delete ${user.email}`}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete this user?</AlertDialogTitle>
                  <AlertDialogDescription>
                    {user.email} loses their account, favourites, reviews and guide access
                    {provider ? ', and their provider profile with every listing and image' : ''}. Enquiries
                    they sent stay. This cannot be undone.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() =>
                      deleteUser.mutate(
                        { userId: user.id },
                        {
                          onSuccess: () => toast.success(ADMIN_MESSAGES.userDeleted),
                          onError: (error) => toast.error(errorMessage(error, 'Failed to delete user')),
                        },
                      )
                    }
                  >
                    Delete User
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
