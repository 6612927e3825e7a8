/**
 * What a screen shows when one of its queries fails, written once: `useErrorToast` says so in a toast (once
 * per failure, optionally leaving for another page when the screen has nothing to show), and `QueryError`
 * puts the message and a Try again button where the data would have been.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../lib/utils.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

export interface ErrorToastOptions {
  /** The toast's id: a failure shows one toast however often the screen renders or the query fails again. */
  id: string;
  /** Leave for this path (replacing the history entry) after the toast: the screen has nothing to show. */
  redirectTo?: string;
}

/** Shows `message` as an error toast when `failed` becomes true (and goes to `redirectTo`, if given). */
export function useErrorToast(failed: boolean, message: string, { id, redirectTo }: ErrorToastOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed) return;
    toast.error(message, { id });
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [failed, message, id, redirectTo, navigate]);
}

export interface QueryErrorProps {
  /** What failed, in the spec's words. */
  message: string;
  onRetry: () => void;
  /** A retry is under way: the button waits, with a spinner. */
  retrying?: boolean;
  /**
   * `card`: a card of its own (dashboard lists); `block`: centred text and button in the page's flow (give
   * the spacing with `className`); `inline`: one line of text with a link-style button (small sections).
   */
  layout?: 'card' | 'block' | 'inline';
  className?: string;
}

/** The message of a failed load and a Try again button. */
export function QueryError({
  message,
  onRetry,
  retrying = false,
  layout = 'block',
  className,
}: QueryErrorProps) {
  if (layout === 'inline') {
    return (
      <p className={cn('text-sm text-muted-foreground', className)}>
        {message}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      </p>
    );
  }
  return (
    <div
      className={cn(
        'text-center',
        // A card of its own (the look of ui/card.tsx, without pulling it into public pages' chunks).
        layout === 'card' && 'rounded-xl border bg-card px-6 py-6 text-card-foreground shadow-sm',
        className,
      )}
    >
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry} disabled={retrying}>
        {retrying && <Spinner label={null} />}
        Try again
      </Button>
    </div>
  );
}
