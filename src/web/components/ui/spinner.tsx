import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export type SpinnerProps = ComponentProps<'svg'> & {
  /** Accessible name. Pass `label={null}` when the spinner sits inside a labelled control. */
  label?: string | null;
};

export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  if (label === null) {
    return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
  }
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner that fills its container, for page-level loading. */
export function PageSpinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex min-h-[40vh] w-full items-center justify-center', className)}>
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}
