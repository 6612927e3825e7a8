/**
 * Search box text that follows the keyboard at once and reaches the URL (or any committed value) after a
 * pause in typing, so each keystroke does not start a request. Enter (`flush`) commits immediately. When
 * the committed value changes from elsewhere (Clear Filters, the Back button), the text follows it.
 */
import { useEffect, useEffectEvent, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export interface DebouncedSearch {
  text: string;
  setText: (text: string) => void;
  /** Commit the current text now (on Enter or a search button). */
  flush: () => void;
  /** Empty the box and commit at once. */
  clear: () => void;
}

/**
 * @param value The committed value (for a table: `table.filters.search ?? ''`).
 * @param onCommit Receives the trimmed text (for a table: `(text) => table.setFilter('search', text)`).
 */
export function useDebouncedSearch(
  value: string,
  onCommit: (text: string) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): DebouncedSearch {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [ownCommit, setOwnCommit] = useState<string | null>(null);

  // The committed value moved. If it is what we just committed, the text is already right (and the user
  // may have typed on); otherwise someone else changed it and the box shows the new value.
  if (value !== seenValue) {
    setSeenValue(value);
    setOwnCommit(null);
    if (value !== ownCommit) setText(value);
  }

  const commit = useEffectEvent((next: string) => {
    if (next === value) return;
    setOwnCommit(next);
    onCommit(next);
  });

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => commit(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return {
    text,
    setText,
    flush: () => {
      const trimmed = text.trim();
      if (trimmed === value) return;
      setOwnCommit(trimmed);
      onCommit(trimmed);
    },
    clear: () => {
      setText('');
      if (value === '') return;
      setOwnCommit('');
      onCommit('');
    },
  };
}
