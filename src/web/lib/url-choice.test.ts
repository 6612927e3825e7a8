import { describe, expect, it } from 'vitest';
import { readChoice, withChoice } from './url-choice.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

describe('readChoice', () => {
  it('reads one of the choices', () => {
    expect(readChoice(new URLSearchParams('status=approved'), 'status', STATUSES)).toBe('approved');
  });

  it('reads a missing, empty or unknown value as undefined (all)', () => {
    expect(readChoice(new URLSearchParams(''), 'status', STATUSES)).toBeUndefined();
    expect(readChoice(new URLSearchParams('status='), 'status', STATUSES)).toBeUndefined();
    expect(readChoice(new URLSearchParams('status=PENDING'), 'status', STATUSES)).toBeUndefined();
    expect(readChoice(new URLSearchParams('status=deleted'), 'status', STATUSES)).toBeUndefined();
  });
});

describe('withChoice', () => {
  it('sets the value and keeps the other params', () => {
    const next = withChoice(new URLSearchParams('tab=a&status=pending'), 'status', 'rejected');
    expect(next.toString()).toBe('tab=a&status=rejected');
  });

  it('removes the param for undefined (all)', () => {
    expect(withChoice(new URLSearchParams('status=pending&x=1'), 'status', undefined).toString()).toBe('x=1');
  });

  it('does not change the params it was given', () => {
    const current = new URLSearchParams('status=pending');
    withChoice(current, 'status', 'approved');
    expect(current.toString()).toBe('status=pending');
  });
});
