import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Lock, MessageSquarePlus, Pencil, Trash2 } from 'lucide-react';
import { LIMITS } from '@domain/constants.ts';
import {
  averageLabel,
  REVIEW_MESSAGES,
  reviewCountLabel,
  reviewSchema,
  type ReviewView,
} from '@domain/engagement.ts';
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
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
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
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useLandOnTarget, useSignInHref } from '../../lib/redirect.ts';
import { useMe } from '../../lib/use-me.ts';
import { ReviewResponse } from './ReviewResponse.tsx';
import { Stars, StarRatingInput } from './StarRating.tsx';
import { useDeleteReview, useListingReviews, useSaveReview } from './use-reviews.ts';
import { QueryError } from '../../components/query-state.tsx';
import { formatDate } from '@domain/format.ts';

const reviewDate = formatDate;

function authRequired() {
  toast.error(REVIEW_MESSAGES.authRequiredTitle, { description: REVIEW_MESSAGES.authRequired });
}

function Avatar({ name, url }: { name: string | null; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt=""
        onError={() => setBroken(true)}
        className="size-10 shrink-0 rounded-full border object-cover"
      />
    );
  }
  const initial = name?.trim()?.[0]?.toUpperCase() || 'U';
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-primary"
    >
      {initial}
    </span>
  );
}

function ReviewDialog({
  listingId,
  open,
  onOpenChange,
  existing,
  returnFocusTo,
}: {
  listingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existing: ReviewView | null;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const { data: me } = useMe();
  const save = useSaveReview(listingId);
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const labelId = useId();
  const commentId = useId();
  const counterId = useId();
  const isEdit = existing !== null;

  const submit = async () => {
    if (save.isPending) return;
    if (!me) return authRequired();
    const parsed = reviewSchema.safeParse({ rating: rating || undefined, comment });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'rating') {
        toast.error(REVIEW_MESSAGES.ratingRequiredTitle, { description: REVIEW_MESSAGES.ratingRequired });
      } else {
        toast.error('Error', { description: issue?.message ?? REVIEW_MESSAGES.submitFailed });
      }
      return;
    }
    try {
      await save.mutateAsync({ ...parsed.data, reviewId: existing?.id ?? null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return authRequired();
      toast.error('Error', { description: errorMessage(error, REVIEW_MESSAGES.submitFailed) });
      return;
    }
    toast.success(isEdit ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.submitted);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The dialog has no Radix trigger (it opens from Write/Edit buttons): return focus by hand.
          const target = returnFocusTo();
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Your Review' : 'Write a Review'}</DialogTitle>
          <DialogDescription>Share your experience to help other matrics choose.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <span id={labelId} className="flex items-center gap-2 text-sm leading-none font-medium">
              Rating
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </span>
            <StarRatingInput value={rating} onChange={setRating} labelledBy={labelId} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={commentId}>Comment (optional)</Label>
            <Textarea
              id={commentId}
              rows={5}
              maxLength={LIMITS.reviewCommentMax}
              aria-describedby={counterId}
              placeholder="What went well? What could be better?"
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <p id={counterId} className="text-right text-xs text-muted-foreground">
              {comment.length}/{LIMITS.reviewCommentMax} characters
            </p>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending && <Spinner label={null} />}
              {isEdit ? 'Update Review' : 'Submit Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteReviewButton({ listingId, reviewId }: { listingId: string; reviewId: string }) {
  const remove = useDeleteReview(listingId);
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(reviewId);
      toast.success(REVIEW_MESSAGES.deleted);
      setOpen(false);
    } catch {
      toast.error(REVIEW_MESSAGES.deleteFailed);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label="Delete your review"
        title="Delete review"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Review</AlertDialogTitle>
          <AlertDialogDescription>{REVIEW_MESSAGES.deleteConfirm}</AlertDialogDescription>
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

function ReviewItem({
  review,
  mine,
  listingId,
  onEdit,
  canRespond,
  action,
}: {
  review: ReviewView;
  mine: boolean;
  listingId: string;
  onEdit: () => void;
  /** The caller owns the listing: they may answer the review. */
  canRespond: boolean;
  /** Another feature's control for this review (the report button), passed in by the page. */
  action: ReactNode;
}) {
  const name = review.user.name ?? 'Anonymous User';
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <Avatar name={review.user.name} url={review.user.avatarUrl} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {name}
              {mine && <span className="ml-2 text-xs font-normal text-muted-foreground">(your review)</span>}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
            </p>
          </div>
          {!mine && action}
          {mine && (
            <div className="flex shrink-0 items-center gap-1">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Edit your review"
                title="Edit review"
                onClick={onEdit}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <DeleteReviewButton listingId={listingId} reviewId={review.id} />
            </div>
          )}
        </div>
        <div className="mt-1.5" role="img" aria-label={`Rated ${review.rating} out of 5`}>
          <Stars rating={review.rating} />
        </div>
        {review.comment && (
          <p className="mt-2 text-sm break-words whitespace-pre-line text-foreground/90">{review.comment}</p>
        )}
        <ReviewResponse
          listingId={listingId}
          reviewId={review.id}
          response={review.response}
          canRespond={canRespond}
        />
      </div>
    </li>
  );
}

/** Write a Review / Sign in to Review: the sign-in link returns to `#write-review`, focusing the button. */
const REVIEW_ACTION_ID = 'write-review';

/**
 * The reviews section of the listing detail page. `reviewAction` is a control the page adds to each review
 * that is not the caller's own (the report button).
 */
export function ReviewsSection({
  listingId,
  reviewAction,
  ownListing = false,
}: {
  listingId: string;
  reviewAction?: (review: ReviewView) => ReactNode;
  /**
   * The caller provides this listing (from the session and the listing): the server-rendered reviews are
   * read without a session, so their `ownListing` is false until the next refetch.
   */
  ownListing?: boolean;
}) {
  const { data: me } = useMe();
  const { data, isPending, isError, refetch } = useListingReviews(listingId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const opener = useRef<HTMLElement | null>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const signInHref = useSignInHref(REVIEW_ACTION_ID);
  useLandOnTarget(REVIEW_ACTION_ID, Boolean(me && data));

  const mine = data?.myReviewId ? (data.items.find((r) => r.id === data.myReviewId) ?? null) : null;
  const canReceive = data?.canReceiveReviews ?? false;

  const openDialog = () => {
    if (!me) return authRequired();
    opener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : actionRef.current;
    setDialogKey((k) => k + 1); // fresh form state for each opening
    setDialogOpen(true);
  };

  let action = null;
  if (data && canReceive && !data.ownListing) {
    action = me ? (
      <Button id={REVIEW_ACTION_ID} ref={actionRef} onClick={openDialog}>
        {mine ? <Pencil aria-hidden="true" /> : <MessageSquarePlus aria-hidden="true" />}
        {mine ? 'Edit Review' : 'Write a Review'}
      </Button>
    ) : (
      <Button asChild variant="outline">
        <Link id={REVIEW_ACTION_ID} to={signInHref}>
          Sign in to Review
        </Link>
      </Button>
    );
  }

  return (
    <Card role="region" aria-labelledby="reviews-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <CardTitle as="h2" id="reviews-title" className="text-xl">
            Reviews
          </CardTitle>
          {data && data.count > 0 && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-3xl font-bold tracking-tight">{averageLabel(data.average)}</span>
              <span role="img" aria-label={`Average rating ${averageLabel(data.average)} out of 5`}>
                <Stars rating={data.average} className="[&_svg]:size-5" />
              </span>
              <span className="text-sm text-muted-foreground">{reviewCountLabel(data.count)}</span>
            </div>
          )}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </CardHeader>
      <CardContent className="space-y-4">
        {data && !canReceive && (
          <div className="flex flex-col gap-3 rounded-lg border border-dashed bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {REVIEW_MESSAGES.packageCannotReceive}
            </p>
            <Button asChild variant="outline" size="sm" className="shrink-0">
              <Link to="/packages">View Packages</Link>
            </Button>
          </div>
        )}
        {isPending ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
            <Spinner label={null} />
            Loading reviews...
          </p>
        ) : isError ? (
          <QueryError
            layout="inline"
            message="Failed to load reviews"
            onRetry={() => void refetch()}
            className="py-6 text-center"
          />
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {canReceive && !data.ownListing ? 'No reviews yet. Be the first to review!' : 'No reviews yet'}
          </p>
        ) : (
          <ul className="divide-y">
            {data.items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                mine={review.id === data.myReviewId}
                listingId={listingId}
                onEdit={openDialog}
                canRespond={data.ownListing || ownListing}
                action={reviewAction?.(review)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {me && dialogOpen && (
        <ReviewDialog
          key={dialogKey}
          listingId={listingId}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          existing={mine}
          returnFocusTo={() => opener.current}
        />
      )}
    </Card>
  );
}
