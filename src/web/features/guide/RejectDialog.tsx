/** Reject an access request with an optional reason the user sees on /matric-access. */
import { useState } from 'react';
import { GUIDE_LIMITS, rejectSchema } from '@domain/guide.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

export function RejectDialog({
  open,
  onOpenChange,
  onReject,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string | null) => Promise<void>;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const parsed = rejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    await onReject(parsed.data.reason);
    setReason('');
    setError(undefined);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject access request</DialogTitle>
          <DialogDescription>The reason is shown to the user on the Matric access page.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField
            id="reject-reason"
            label="Reason"
            error={error}
            hint={error ? undefined : `${reason.length}/${GUIDE_LIMITS.reasonMax} characters`}
          >
            <Textarea
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. We could not find a payment with this reference."
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && <Spinner label={null} />}
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
