import { useSearchParams } from 'react-router';
import { browseFiltersFromParams } from '@domain/browse-url.ts';

/** Filters from the query string; values the API would refuse are ignored. */
export function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const filters = browseFiltersFromParams(params);
  const update = (changes: Partial<Record<keyof typeof filters, string>>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return { filters, update };
}
