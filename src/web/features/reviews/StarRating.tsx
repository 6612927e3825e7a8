import { useRef, useState, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Read-only stars for a rating (rounded to the nearest whole star). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} aria-hidden="true">
      {STARS.map((n) => (
        <Star
          key={n}
          className={cn(
            'size-4',
            n <= filled ? 'fill-gold text-gold' : 'fill-transparent text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}

/**
 * A 1 to 5 star picker with the semantics of a radio group: click a star, hover to preview, and from the
 * keyboard Tab to the group, arrows to move (the choice follows the focus), Home and End for 1 and 5.
 */
export function StarRatingInput({
  value,
  onChange,
  labelledBy,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
}) {
  const [hover, setHover] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;

  const choose = (n: number) => {
    onChange(n);
    refs.current[n - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const current = value || n;
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = Math.min(5, current + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = Math.max(1, current - 1);
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = 5;
    if (next !== null) {
      event.preventDefault();
      choose(next);
    }
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="flex items-center gap-1"
      onMouseLeave={() => setHover(0)}
    >
      {STARS.map((n) => {
        const checked = value === n;
        // Roving focus: the chosen star, or the first when nothing is chosen yet.
        const tabbable = value ? checked : n === 1;
        return (
          <button
            key={n}
            ref={(el) => {
              refs.current[n - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            tabIndex={tabbable ? 0 : -1}
            onClick={() => choose(n)}
            onMouseEnter={() => setHover(n)}
            onFocus={() => setHover(0)}
            onKeyDown={(event) => onKeyDown(event, n)}
            className="rounded-md p-1 transition-transform outline-none hover:scale-110 focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <Star
              aria-hidden="true"
              className={cn(
                'size-8 transition-colors',
                n <= shown ? 'fill-gold text-gold' : 'fill-transparent text-muted-foreground/50',
              )}
            />
          </button>
        );
      })}
    </div>
  );
}
