import type { ComponentProps, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

/**
 * The browser's own `<select>`, styled like `SelectTrigger`: for choices on public pages that must cost no
 * JavaScript before they are used (the home hero's province, decision 0023). Phones open their own picker;
 * keyboard and screen readers get the platform's behaviour. `icon` is an optional leading icon. Give it a
 * label (`aria-label` or a `<label>`).
 */
export function NativeSelect({
  className,
  icon,
  children,
  ...props
}: ComponentProps<'select'> & { icon?: ReactNode }) {
  return (
    <span
      data-slot="native-select"
      className={cn(
        'relative flex h-10 w-full items-center text-sm',
        "[&>svg]:pointer-events-none [&>svg]:absolute [&>svg]:top-1/2 [&>svg]:-translate-y-1/2 [&>svg]:shrink-0 [&>svg:not([class*='size-'])]:size-4",
        className,
      )}
    >
      {icon}
      <select
        className={cn(
          'size-full min-w-0 cursor-pointer appearance-none truncate rounded-md border border-input bg-background py-2 pr-9 shadow-xs transition-[color,box-shadow] outline-none',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          icon ? 'pl-9' : 'pl-3',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="right-3 size-4 opacity-60" />
    </span>
  );
}
