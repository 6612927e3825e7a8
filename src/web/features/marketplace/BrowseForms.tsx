// The two forms of the /browse filter panel. Each is a GET of /browse carrying the other filters, so that it
// works before hydration (or without JavaScript); hydrated, it changes the URL's filters instead.
import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { BROWSE_MAX_PRICE } from '@domain/browse.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { BrowseUrlFilters } from '@domain/browse-url.ts';

/**
 * The other filters, carried by a form that holds one of them, so that it also works as a plain GET of
 * /browse before hydration (or without JavaScript).
 */
function KeptFilters({ filters }: { filters: Partial<BrowseUrlFilters> }) {
  return Object.entries(filters).map(([name, value]) =>
    value ? <input key={name} type="hidden" name={name} value={value} /> : null,
  );
}

/** The search box of /browse: a GET form of /browse that keeps the other filters. */
export function BrowseSearchBox({
  initial,
  keep,
  onSearch,
}: {
  initial: string;
  keep: Partial<BrowseUrlFilters>;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form
      role="search"
      aria-label="Search listings"
      action="/browse"
      onSubmit={onSubmit}
      className="flex flex-1 gap-2"
    >
      <KeptFilters filters={keep} />
      <label className="relative block flex-1">
        <span className="sr-only">Search listings</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Search services…"
          maxLength={100}
          className="pl-9"
        />
      </label>
      <Button type="submit">Search</Button>
    </form>
  );
}

const PRICE_ORDER_MESSAGE = 'Maximum price must be at least the minimum price';

/** Min and max price in whole Rand; applied together (Enter or Apply), cleared with the other filters. */
export function PriceRange({
  min,
  max,
  keep,
  onApply,
}: {
  min: string;
  max: string;
  keep: Partial<BrowseUrlFilters>;
  onApply: (range: { minPrice: string; maxPrice: string }) => void;
}) {
  const [minValue, setMinValue] = useState(min);
  const [maxValue, setMaxValue] = useState(max);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = minValue.trim();
    const maxPrice = maxValue.trim();
    if (minPrice && maxPrice && Number(maxPrice) < Number(minPrice)) {
      setError(PRICE_ORDER_MESSAGE);
      return;
    }
    setError(null);
    onApply({ minPrice, maxPrice });
  };
  const field = (label: string, name: string, value: string, set: (v: string) => void) => (
    <label className="grid flex-1 gap-1 text-xs font-medium text-muted-foreground sm:w-32 sm:flex-none">
      {label}
      <span className="relative block">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        >
          R
        </span>
        <Input
          type="number"
          name={name}
          inputMode="numeric"
          min={0}
          max={BROWSE_MAX_PRICE}
          step={1}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pl-7"
        />
      </span>
    </label>
  );
  return (
    <form
      aria-label="Price range"
      action="/browse"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
    >
      <KeptFilters filters={keep} />
      {field('Min price (R)', 'minPrice', minValue, setMinValue)}
      {field('Max price (R)', 'maxPrice', maxValue, setMaxValue)}
      <Button type="submit" variant="outline" className="w-full sm:w-auto">
        Apply
      </Button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
