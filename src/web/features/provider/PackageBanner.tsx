/**
 * The package warning banner on the provider dashboard, My Listings and Create Listing: expired (Renew
 * Package), payment pending, 7 days or fewer left (the spec's sentence) and listing limit reached (Upgrade
 * Package), and a request from /checkout waiting for an admin (decision 0039), which the provider may
 * withdraw. Warnings are hidden in demo mode and for admins (packageWarnings gives none then).
 */
import { useState } from 'react';
import { AlertTriangle, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { PACKAGE_REQUEST_MESSAGES } from '@domain/package-requests.ts';
import { expiringMessage, packageWarnings, PACKAGE_MESSAGES, type PackageStatus } from '@domain/providers.ts';
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
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useCancelPackageRequest } from './api.ts';

export function PackageBanner({ status }: { status: PackageStatus | null | undefined }) {
  if (!status) return null;
  const warnings = packageWarnings(status);
  const pending = status.pendingRequest;
  if (warnings.length === 0 && !pending) return null;
  const expired = warnings.some((w) => w.kind === 'expired');
  // Renew preselects the provider's own package on /packages; Continue there leads to /checkout.
  const target = expired ? `/packages?package=${encodeURIComponent(status.packageType)}` : '/packages';
  return (
    <div
      role="status"
      aria-label="Package status"
      className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <ul className="space-y-1 text-sm font-medium">
        {warnings.map((w) => (
          <li key={w.kind} className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {w.kind === 'expired' && PACKAGE_MESSAGES.expired}
              {w.kind === 'pending' && PACKAGE_MESSAGES.paymentPending}
              {w.kind === 'expiring' && expiringMessage(w.days)}
              {w.kind === 'limit' && PACKAGE_MESSAGES.limitReached}
            </span>
          </li>
        ))}
        {pending && (
          <li className="flex items-start gap-2">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{PACKAGE_REQUEST_MESSAGES.pending(pending.packageName, pending.kind)}</span>
          </li>
        )}
      </ul>
      <div className="flex shrink-0 flex-wrap gap-2">
        {pending && <CancelRequestButton />}
        {warnings.length > 0 && (
          <Button asChild size="sm">
            <Link to={target}>{expired ? 'Renew Package' : 'Upgrade Package'}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

/** Withdraws the open request after a confirmation; the current package stays. */
function CancelRequestButton() {
  const cancel = useCancelPackageRequest();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(PACKAGE_REQUEST_MESSAGES.cancelled);
      setOpen(false);
    } catch (err) {
      toast.error(errorMessage(err, PACKAGE_REQUEST_MESSAGES.noneOpen));
      setOpen(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <Button variant="outline" size="sm" className="bg-background" onClick={() => setOpen(true)}>
        {PACKAGE_REQUEST_MESSAGES.cancel}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{PACKAGE_REQUEST_MESSAGES.cancelTitle}</AlertDialogTitle>
          <AlertDialogDescription>{PACKAGE_REQUEST_MESSAGES.cancelBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep request</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {cancel.isPending && <Spinner label={null} />}
            {PACKAGE_REQUEST_MESSAGES.cancel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
