/**
 * The provider's public response under a review ('Response from {business name}', with its date), and for
 * the listing's owner the box to write, edit or delete it (decision 0058). The text is React text: a link
 * in it stays plain text.
 */
import { useId, useState } from 'react';
import { MessageSquareReply, Pencil, Trash2 } from 'lucide-react';
import { formatDate } from '@domain/format.ts';
import {
  responseHeading,
  REVIEW_RESPONSE_MAX,
  REVIEW_RESPONSE_MESSAGES,
  reviewResponseSchema,
  type ReviewResponseView,
} from '@domain/reports.ts';
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
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteReviewResponse, useSaveReviewResponse } from './use-reviews.ts';

function ResponseText({ response }: { response: ReviewResponseView }) {
  return (
    <>
      <p className="text-sm font-medium">{responseHeading(response.businessName)}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={response.createdAt}>{formatDate(response.createdAt)}</time>
      </p>
      <p className="mt-1.5 text-sm break-words whitespace-pre-line text-foreground/90">{response.body}</p>
    </>
  );
}

function ResponseForm({
  listingId,
  reviewId,
  initial,
  onDone,
}: {
  listingId: string;
  reviewId: string;
  initial: string;
  onDone: () => void;
}) {
  const save = useSaveReviewResponse(listingId);
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const hintId = useId();
  const submit = async () => {
    if (save.isPending) return;
    const parsed = reviewResponseSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REVIEW_RESPONSE_MESSAGES.failed);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ reviewId, body: parsed.data.body });
    } catch (err) {
      toast.error(errorMessage(err, REVIEW_RESPONSE_MESSAGES.failed));
      return;
    }
    toast.success(initial ? REVIEW_RESPONSE_MESSAGES.updated : REVIEW_RESPONSE_MESSAGES.saved);
    onDone();
  };
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Label htmlFor={id}>Your public response</Label>
      <Textarea
        id={id}
        rows={3}
        autoFocus
        maxLength={REVIEW_RESPONSE_MAX}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <p id={hintId} className={error ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {error ?? `${body.length}/${REVIEW_RESPONSE_MAX} characters`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner label={null} />}
          {initial ? 'Update response' : 'Publish response'}
        </Button>
      </div>
    </form>
  );
}

function DeleteResponseButton({ listingId, reviewId }: { listingId: string; reviewId: string }) {
  const remove = useDeleteReviewResponse(listingId);
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(reviewId);
      toast.success(REVIEW_RESPONSE_MESSAGES.deleted);
      setOpen(false);
    } catch {
      toast.error(REVIEW_RESPONSE_MESSAGES.deleteFailed);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label="Delete your response"
        title="Delete response"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Response</AlertDialogTitle>
          <AlertDialogDescription>{REVIEW_RESPONSE_MESSAGES.deleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {remove.isPending && <Spinner label={null} />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The response block under one review; `canRespond` is the listing's owner. */
export function ReviewResponse({
  listingId,
  reviewId,
  response,
  canRespond,
}: {
  listingId: string;
  reviewId: string;
  response: ReviewResponseView | null;
  canRespond: boolean;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <div className="mt-3 rounded-lg border-l-4 border-primary/60 bg-muted/50 p-3">
        <ResponseForm
          listingId={listingId}
          reviewId={reviewId}
          initial={response?.body ?? ''}
          onDone={() => setEditing(false)}
        />
      </div>
    );
  }
  if (response) {
    return (
      <div className="mt-3 flex items-start gap-2 rounded-lg border-l-4 border-primary/60 bg-muted/50 p-3">
        <div className="min-w-0 flex-1">
          <ResponseText response={response} />
        </div>
        {canRespond && (
          <div className="flex shrink-0 items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Edit your response"
              title="Edit response"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <DeleteResponseButton listingId={listingId} reviewId={reviewId} />
          </div>
        )}
      </div>
    );
  }
  if (!canRespond) return null;
  return (
    <Button variant="outline" size="sm" className="mt-3 min-h-11" onClick={() => setEditing(true)}>
      <MessageSquareReply aria-hidden="true" />
      Respond
    </Button>
  );
}
