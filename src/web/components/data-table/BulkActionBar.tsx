/**
 * The floating bar of bulk actions, fixed to the bottom of the viewport while rows are selected. It wraps
 * onto two lines on a phone, keeps its buttons 44 px tall there, and leaves a spacer so the last rows stay
 * reachable above it. `DataTable` shows it for its selection; card grids with their own selection can use
 * it directly.
 */
import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';

export interface BulkActionBarProps {
  /** Selected rows (across pages). */
  count: number;
  onClear: () => void;
  /** The action buttons. */
  children?: ReactNode;
  /** Accessible name of the bar; default "Bulk actions". */
  label?: string;
  className?: string;
}

export function BulkActionBar({
  count,
  onClear,
  children,
  label = 'Bulk actions',
  className,
}: BulkActionBarProps) {
  return (
    <>
      {/* Room under the content for the bar, which would otherwise cover the last rows. */}
      <div aria-hidden="true" className="h-28 sm:h-20" />
      <section
        aria-label={label}
        data-slot="bulk-action-bar"
        className="fixed inset-x-0 bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6"
      >
        <div
          className={cn(
            'mx-auto flex max-w-3xl animate-pop-in flex-wrap items-center gap-2 rounded-xl border bg-background p-3 shadow-lg',
            'max-sm:[&_[data-slot=button]]:min-h-11',
            className,
          )}
        >
          <p className="mr-auto text-sm font-medium">{count} selected</p>
          <div className="flex flex-wrap items-center gap-2">
            {children}
            <Button variant="ghost" onClick={onClear}>
              <X aria-hidden="true" />
              Clear selection
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
