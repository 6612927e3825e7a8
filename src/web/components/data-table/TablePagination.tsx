/**
 * Paging under a `DataTable`: "Showing a–b of n", a rows-per-page select, Previous/Next and at most the
 * first 5 page numbers (the spec), the current one marked `aria-current="page"`. Every button is at least
 * 44×44 px. On phones the numbers give way to "Page x of y" so the row fits 360 px.
 *
 * A page past the end (an old link, or rows deleted meanwhile) moves to the last page, replacing the
 * history entry.
 */
import { formatCount } from '@domain/format.ts';
import { useEffect, useEffectEvent, useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  DEFAULT_PAGE_SIZES,
  PAGE_NUMBERS_SHOWN,
  pageCount,
  pageNumbers,
  pageRange,
  type PageNumbersMode,
} from '@domain/table.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { Label } from '../ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';

export interface TablePaginationProps {
  page: number;
  pageSize: number;
  /** Rows matching the filters on the server; undefined while unknown (the controls wait). */
  total: number | undefined;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  /** Without it there is no rows-per-page select. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** 'first' (default, the spec): pages 1–5 always; 'around-current' keeps the current page in view. */
  pageNumbersMode?: PageNumbersMode;
  maxPageNumbers?: number;
  /** Accessible name of the navigation landmark; name it after the table when a page has two. */
  label?: string;
  className?: string;
}

/** The app's one number format (South African grouping, src/domain/format.ts). */
const format = formatCount;

export function TablePagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = DEFAULT_PAGE_SIZES,
  pageNumbersMode = 'first',
  maxPageNumbers = PAGE_NUMBERS_SHOWN,
  label = 'Pagination',
  className,
}: TablePaginationProps) {
  const sizeId = useId();
  const known = total !== undefined;
  const count = known ? pageCount(total, pageSize) : 0;
  const numbers = pageNumbers(page, count, maxPageNumbers, pageNumbersMode);
  const { from, to } = known ? pageRange(page, pageSize, total) : { from: 0, to: 0 };
  const currentShown = numbers.includes(page);

  const moveToLastPage = useEffectEvent((last: number) => onPageChange(last, { replace: true }));
  useEffect(() => {
    if (count > 0 && page > count) moveToLastPage(count);
  }, [page, count]);

  const status = !known
    ? ''
    : total === 0
      ? 'Showing 0 of 0'
      : from === 0
        ? `Showing 0 of ${format(total)}`
        : `Showing ${format(from)}–${format(to)} of ${format(total)}`;

  return (
    <nav
      aria-label={label}
      className={cn('flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 lg:justify-start">
        <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
          {status}
        </p>
        {onPageSizeChange && (
          <div className="flex items-center gap-2">
            <Label htmlFor={sizeId} className="text-muted-foreground">
              Rows per page
            </Label>
            <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
              <SelectTrigger id={sizeId} className="w-24 data-[size=default]:h-11">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {pageSizes.map((size) => (
                  <SelectItem key={size} value={String(size)} className="min-h-11">
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>

      <div className="flex items-center justify-between gap-1 sm:justify-end">
        <Button
          variant="outline"
          className="h-11 min-w-11 px-3"
          aria-label="Previous page"
          disabled={!known || page <= 1}
          onClick={() => onPageChange(Math.min(page - 1, Math.max(count, 1)))}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </Button>

        <p className={cn('px-2 text-sm', currentShown && 'sm:hidden')}>
          {count > 0 ? `Page ${format(page)} of ${format(count)}` : ''}
        </p>
        <ul className="hidden items-center gap-1 sm:flex">
          {numbers.map((number) => (
            <li key={number}>
              <Button
                variant={number === page ? 'default' : 'ghost'}
                className="size-11"
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                onClick={() => {
                  if (number !== page) onPageChange(number);
                }}
              >
                {number}
              </Button>
            </li>
          ))}
        </ul>

        <Button
          variant="outline"
          className="h-11 min-w-11 px-3"
          aria-label="Next page"
          disabled={!known || page >= count}
          onClick={() => onPageChange(page + 1)}
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
