/**
 * A checkbox (Radix) with checked, unchecked and indeterminate ("some selected") states. Pair it with a
 * `<Label htmlFor>` or give it an `aria-label`; in dense places (table rows) widen its touch area with
 * `touchTarget`.
 */
import type { ComponentProps } from 'react';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** Extend the clickable area to 44×44 px around the 20 px box, for rows without a clickable label. */
  touchTarget?: boolean;
};

export function Checkbox({ className, touchTarget = false, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        'peer relative inline-flex size-5 shrink-0 items-center justify-center rounded-[5px] border border-input bg-background shadow-xs transition-[color,background-color,border-color,box-shadow] outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        touchTarget && "after:absolute after:-inset-3 after:content-['']",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group flex items-center justify-center text-current"
      >
        <Check aria-hidden="true" className="size-3.5 group-data-[state=indeterminate]:hidden" />
        <Minus aria-hidden="true" className="hidden size-3.5 group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
