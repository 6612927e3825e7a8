/**
 * Selected row ids for a table with bulk actions. The selection empties itself when `resetKey` changes
 * (pass the table state, so a new page, filter or sort starts with nothing selected) and on `clear()`
 * (after a bulk action, as the spec asks).
 */
import { useCallback, useState } from 'react';

export interface RowSelection {
  selectedIds: ReadonlySet<string>;
  setSelectedIds: (next: ReadonlySet<string>) => void;
  clear: () => void;
  count: number;
}

const EMPTY: ReadonlySet<string> = new Set();

export function useRowSelection(resetKey?: unknown): RowSelection {
  const key = JSON.stringify(resetKey ?? null);
  const [selection, setSelection] = useState({ key, ids: EMPTY });
  // A new key means another view: adjust during render, so no frame shows the old selection.
  const current = selection.key === key ? selection.ids : EMPTY;
  if (selection.key !== key) setSelection({ key, ids: EMPTY });

  const setSelectedIds = useCallback((ids: ReadonlySet<string>) => setSelection({ key, ids }), [key]);
  const clear = useCallback(() => setSelection({ key, ids: EMPTY }), [key]);
  return { selectedIds: current, setSelectedIds, clear, count: current.size };
}
