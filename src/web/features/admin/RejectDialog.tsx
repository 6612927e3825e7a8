/** Asks for an optional rejection reason before rejecting one listing or a selection. */
import { useId, useState } from 'react';
import { REJECTION_REASON_MAX } from '@domain/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

export interface RejectDialogProps {
  /** How many listings will be rejected; 0 closes the dialog. */
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | null) => void;
}

export function RejectDialog({ count, busy, onCancel, onConfirm }: RejectDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const open = count > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          onCancel();
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(reason.trim() ? reason.trim() : null);
            setReason('');
          }}
        >
          <DialogHeader>
            <DialogTitle>{count === 1 ? 'Reject listing' : `Reject ${count} listings`}</DialogTitle>
            <DialogDescription>
              The provider sees the reason next to the Rejected badge on My Listings. It is optional.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Reason (optional)</Label>
            <Textarea
              id={id}
              value={reason}
              maxLength={REJECTION_REASON_MAX}
              rows={4}
              onChange={(event) => setReason(event.target.value)}
              placeholder="e.g. The photos do not show the service."
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
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
