/**
 * Row selection rules for tables with bulk actions: selected rows are kept by id (so a refetch does not
 * lose them), and the header checkbox selects or clears the rows of the current page.
 */

/** The header checkbox: checked when every row of the page is selected, mixed when some are. */
export function pageSelectionState(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): boolean | 'indeterminate' {
  if (pageIds.length === 0) return false;
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === pageIds.length ? true : 'indeterminate';
}

/** Select (or clear) one row. */
export function setRowSelected(selected: ReadonlySet<string>, id: string, isSelected: boolean): Set<string> {
  const next = new Set(selected);
  if (isSelected) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The header checkbox was pressed: when the page is fully selected its rows are cleared, otherwise all of
 * them are selected. Rows of other pages keep their state.
 */
export function togglePageSelection(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  const selectAll = pageSelectionState(selected, pageIds) !== true;
  for (const id of pageIds) {
    if (selectAll) next.add(id);
    else next.delete(id);
  }
  return next;
}
