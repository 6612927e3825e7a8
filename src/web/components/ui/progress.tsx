/**
 * A progress bar (Radix): `value` 0–100, or null while the amount is unknown (an endless sweep).
 * Give it an accessible name with `aria-label` or `aria-labelledby`.
 */
import type { ComponentProps } from 'react';
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '../../lib/utils.ts';

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  indicatorClassName?: string;
};

export function Progress({ className, indicatorClassName, value, ...props }: ProgressProps) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const percent = known ? Math.min(Math.max(value, 0), 100) : 0;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={known ? percent : null}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full bg-primary',
          known ? 'w-full transition-transform duration-200' : 'w-2/5 animate-progress',
          indicatorClassName,
        )}
        style={known ? { transform: `translateX(-${100 - percent}%)` } : undefined}
      />
    </ProgressPrimitive.Root>
  );
}
