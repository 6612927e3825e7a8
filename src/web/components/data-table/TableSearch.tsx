/**
 * The search box above a table: typing updates the URL 300 ms after the last keystroke (Enter at once),
 * a clear button empties it, and it follows the URL when filters are cleared elsewhere.
 *
 *   <TableSearch label="Search listings" value={table.filters.search ?? ''} onSearch={(text) => table.setFilter('search', text)} />
 */
import { useRef, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { TEXT_FILTER_MAX_LENGTH } from '@domain/table.ts';
import { cn } from '../../lib/utils.ts';
import { Input } from '../ui/input.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './use-debounced-search.ts';

export interface TableSearchProps {
  /** The committed search text (from the URL). */
  value: string;
  /** Receives the trimmed text; an empty string clears the search. */
  onSearch: (text: string) => void;
  /** Accessible name of the search landmark and the box, e.g. "Search listings". */
  label: string;
  placeholder?: string;
  maxLength?: number;
  delayMs?: number;
  className?: string;
}

export function TableSearch({
  value,
  onSearch,
  label,
  placeholder = 'Search…',
  maxLength = TEXT_FILTER_MAX_LENGTH,
  delayMs = SEARCH_DEBOUNCE_MS,
  className,
}: TableSearchProps) {
  const search = useDebouncedSearch(value, onSearch, delayMs);
  const inputRef = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search.flush();
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className={cn('relative min-w-0 flex-1', className)}
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={inputRef}
        type="search"
        aria-label={label}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        enterKeyHint="search"
        className="h-11 pr-11 pl-9 sm:h-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {search.text !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            search.clear();
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-0 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:size-10"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </form>
  );
}
