import { describe, expect, it } from 'vitest';
import { pageSelectionState, setRowSelected, togglePageSelection } from './selection.ts';

const set = (...ids: string[]) => new Set(ids);

describe('pageSelectionState', () => {
  it('is unchecked with nothing selected or no rows', () => {
    expect(pageSelectionState(set(), ['a', 'b'])).toBe(false);
    expect(pageSelectionState(set('a'), [])).toBe(false);
  });
  it('is indeterminate when some rows of the page are selected', () => {
    expect(pageSelectionState(set('a'), ['a', 'b'])).toBe('indeterminate');
  });
  it('is checked when every row of the page is selected, whatever other pages hold', () => {
    expect(pageSelectionState(set('a', 'b', 'z'), ['a', 'b'])).toBe(true);
  });
  it('ignores rows selected on other pages', () => {
    expect(pageSelectionState(set('z'), ['a', 'b'])).toBe(false);
  });
});

describe('togglePageSelection', () => {
  it('selects the whole page when none or some are selected', () => {
    expect(togglePageSelection(set(), ['a', 'b'])).toEqual(set('a', 'b'));
    expect(togglePageSelection(set('a', 'z'), ['a', 'b'])).toEqual(set('a', 'z', 'b'));
  });
  it('clears the page when all are selected, keeping other pages', () => {
    expect(togglePageSelection(set('a', 'b', 'z'), ['a', 'b'])).toEqual(set('z'));
  });
  it('does not change the set it was given', () => {
    const before = set('a');
    togglePageSelection(before, ['a', 'b']);
    expect(before).toEqual(set('a'));
  });
});

describe('setRowSelected', () => {
  it('adds and removes one id', () => {
    expect(setRowSelected(set('a'), 'b', true)).toEqual(set('a', 'b'));
    expect(setRowSelected(set('a', 'b'), 'a', false)).toEqual(set('b'));
    expect(setRowSelected(set('a'), 'a', true)).toEqual(set('a'));
  });
});
