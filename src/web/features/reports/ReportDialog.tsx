/**
 * 'Report listing' and 'Report review': a button that opens a dialog with the reason (radio buttons) and
 * the details (required for Other, at most 1000 characters), sent to the server's report routes. A review
 * report needs a session: without one the button says so in a toast instead of opening.
 */
import { useId, useState, type ReactNode } from 'react';
import { Flag } from 'lucide-react';
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportSchema,
  type ReportReason,
} from '@domain/reports.ts';
import { HoneypotField } from '../../components/honeypot-field.tsx';
import { Button } from '../../components/ui/button.tsx';
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
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useFormGuard } from '../../lib/use-form-guard.ts';
import { cn } from '../../lib/utils.ts';
import { useSendReport, type ReportTarget } from './use-reports.ts';

function ReportForm({ target, title, onDone }: { target: ReportTarget; title: string; onDone: () => void }) {
  const send = useSendReport(target);
  // Mounted when the dialog opens: the fill time counts from then.
  const guard = useFormGuard();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const ids = { legend: useId(), reasonError: useId(), details: useId(), detailsHint: useId() };

  const submit = async () => {
    if (send.isPending) return;
    const parsed = reportSchema.safeParse({ reason: reason ?? undefined, details });
    if (!parsed.success) {
      const next: { reason?: string; details?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reason' || field === 'details') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ ...parsed.data, ...(await guard.fields()) });
    } catch (error) {
      toast.error(errorMessage(error, REPORT_MESSAGES.failed));
      return;
    }
    toast.success(REPORT_MESSAGES.sent);
    onDone();
  };

  return (
    <form
      noValidate
      aria-label={title}
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.reason ? ids.reasonError : undefined}
        aria-invalid={errors.reason ? true : undefined}
      >
        <legend id={ids.legend} className="mb-1 text-sm font-medium">
          Reason
          <span aria-hidden="true" className="ml-1 text-destructive">
            *
          </span>
        </legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm transition-colors',
              'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              reason === value ? 'border-primary bg-primary/5' : 'hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setErrors({});
              }}
              className="size-4 accent-primary"
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
        {errors.reason && (
          <p id={ids.reasonError} className="text-sm text-destructive">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={ids.details}>{reason === 'other' ? 'Details' : 'Details (optional)'}</Label>
        <Textarea
          id={ids.details}
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
          aria-describedby={ids.detailsHint}
          aria-invalid={errors.details ? true : undefined}
          placeholder="What is wrong? Our team reads every report."
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <p
          id={ids.detailsHint}
          className={cn('text-xs', errors.details ? 'text-destructive' : 'text-muted-foreground')}
        >
          {errors.details ?? `${details.length}/${REPORT_DETAILS_MAX} characters`}
        </p>
      </div>
      <HoneypotField id={`${ids.details}-website`} inputRef={guard.honeypotRef} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending && <Spinner label={null} />}
          Send report
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The report button and its dialog. `trigger` replaces the default outline button (the reviews use a small
 * ghost one); `signedIn: false` with `onSignInRequired` stops a visitor before the dialog opens.
 */
export function ReportButton({
  target,
  label,
  title,
  description,
  trigger,
  onSignInRequired,
}: {
  target: ReportTarget;
  label: string;
  title: string;
  description: string;
  trigger?: ReactNode;
  onSignInRequired?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && onSignInRequired) return onSignInRequired();
        if (next) setKey((k) => k + 1);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="ghost" size="sm" className="min-h-11 text-muted-foreground">
            <Flag aria-hidden="true" />
            {label}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <ReportForm key={key} target={target} title={title} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** 'Report listing' on the listing page: anyone, signed in or not. */
export function ReportListingButton({ listingId }: { listingId: string }) {
  return (
    <ReportButton
      target={{ kind: 'listing', id: listingId }}
      label="Report listing"
      title="Report this listing"
      description="Tell us what is wrong with this listing. An admin will look into it; the provider is not told who reported it."
    />
  );
}

/** 'Report' under a review: signed-in users; a visitor is asked to sign in. */
export function ReportReviewButton({ reviewId, signedIn }: { reviewId: string; signedIn: boolean }) {
  return (
    <ReportButton
      target={{ kind: 'review', id: reviewId }}
      label="Report review"
      title="Report this review"
      description="Tell us what is wrong with this review. An admin will look into it."
      onSignInRequired={signedIn ? undefined : () => toast.error(REPORT_MESSAGES.reviewSignInRequired)}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label="Report review"
          title="Report review"
        >
          <Flag aria-hidden="true" />
        </Button>
      }
    />
  );
}
