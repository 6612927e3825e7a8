/**
 * The one "reject with a reason" dialog (listing moderation, Matric Guide access requests): a title, what
 * the reason is for, an optional reason checked with the server's schema (its message shows under the box),
 * Cancel and Reject. `showCount` shows "n/max characters" and lets the schema refuse a longer reason;
 * without it the box stops at `maxLength`.
 */
import { useId, useState } from 'react';
import type { z } from 'zod';
import { FormField } from './form-field.tsx';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog.tsx';
import { Spinner } from './ui/spinner.tsx';
import { Textarea } from './ui/textarea.tsx';

export interface RejectDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The box's label, e.g. "Reason (optional)". */
  label: string;
  placeholder: string;
  rows?: number;
  maxLength: number;
  showCount?: boolean;
  /** The body's schema (`{ reason }`, blank becomes null), the same one the server validates with. */
  schema: z.ZodType<{ reason: string | null }>;
  busy: boolean;
  onCancel: () => void;
  /** Called with the checked reason; the box is cleared once it has settled. */
  onConfirm: (reason: string | null) => void | Promise<void>;
  /** The confirming button's text (default "Reject"). */
  confirmLabel?: string;
}

export function RejectDialog({
  open,
  title,
  description,
  label,
  placeholder,
  rows = 4,
  maxLength,
  showCount = false,
  schema,
  busy,
  onCancel,
  onConfirm,
  confirmLabel = 'Reject',
}: RejectDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const clear = () => {
    setReason('');
    setError(undefined);
  };
  const cancel = () => {
    clear();
    onCancel();
  };
  const submit = async () => {
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    await onConfirm(parsed.data.reason);
    clear();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && cancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField
            id={id}
            label={label}
            error={error}
            hint={showCount && !error ? `${reason.length}/${maxLength} characters` : undefined}
          >
            <Textarea
              rows={rows}
              value={reason}
              maxLength={showCount ? undefined : maxLength}
              onChange={(event) => setReason(event.target.value)}
              placeholder={placeholder}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <Spinner label={null} />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
