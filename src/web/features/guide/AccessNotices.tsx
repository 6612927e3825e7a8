/** The notices of the access pages: pending review, not approved (with the admin's reason). */
import { Clock, XCircle } from 'lucide-react';
import type { AccessRequestView } from '@domain/guide.ts';

export function PendingNotice({ withReference }: { withReference: boolean }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-warning/50 bg-warning/15 p-4 text-sm"
    >
      <Clock
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 text-warning-foreground dark:text-warning"
      />
      <div>
        <p className="font-semibold">Your request is pending approval</p>
        <p className="mt-1 text-muted-foreground">
          {withReference
            ? 'An admin is reviewing your payment. You will get access within 24 hours.'
            : 'Add your payment reference below once you have paid, so an admin can match your payment.'}
        </p>
      </div>
    </div>
  );
}

export function RejectedNotice({ request }: { request: AccessRequestView }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
    >
      <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div>
        <p className="font-semibold">Your request was not approved</p>
        {request.rejectionReason && (
          <p className="mt-1">
            <span className="font-medium">Reason:</span> {request.rejectionReason}
          </p>
        )}
        <p className="mt-1 text-muted-foreground">
          Please check your payment and submit a new payment reference.
        </p>
      </div>
    </div>
  );
}
