import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';
import { applyServerErrors } from './form-errors.ts';

interface Form {
  email: string;
  password: string;
  address: { city: string };
}

const validation = (fields?: Record<string, string>) =>
  new ApiError(400, 'VALIDATION_ERROR', 'Check the form', fields);

function recorder() {
  const calls: [string, string, boolean | undefined][] = [];
  const setError = vi.fn((name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push([name, error.message ?? '', options?.shouldFocus]);
  }) as unknown as UseFormSetError<Form>;
  return { setError, calls };
}

describe('applyServerErrors', () => {
  it('puts each named field message on its field and reports it', () => {
    const { setError, calls } = recorder();
    const applied = applyServerErrors(
      validation({ email: 'Email already in use', password: 'Too short' }),
      setError,
      ['email', 'password'],
    );
    expect(applied).toBe(true);
    expect(calls).toEqual([
      ['email', 'Email already in use', false],
      ['password', 'Too short', false],
    ]);
  });

  it('only touches the fields it was given', () => {
    const { setError, calls } = recorder();
    const applied = applyServerErrors(validation({ fullName: 'Required', email: 'Bad' }), setError, [
      'email',
    ]);
    expect(applied).toBe(true);
    expect(calls).toEqual([['email', 'Bad', false]]);
  });

  it('without names applies every field the server named, nested paths included', () => {
    const { setError, calls } = recorder();
    applyServerErrors(validation({ 'address.city': 'City is required', email: 'Bad' }), setError);
    expect(calls.map(([name]) => name)).toEqual(['address.city', 'email']);
  });

  it('returns false when no shown field has a message', () => {
    const { setError, calls } = recorder();
    expect(applyServerErrors(validation({ other: 'x' }), setError, ['email'])).toBe(false);
    expect(applyServerErrors(validation(undefined), setError, ['email'])).toBe(false);
    expect(applyServerErrors(validation({ email: '' }), setError, ['email'])).toBe(false);
    expect(calls).toEqual([]);
  });

  it('ignores anything that is not an ApiError', () => {
    const { setError, calls } = recorder();
    expect(applyServerErrors(new Error('boom'), setError, ['email'])).toBe(false);
    expect(applyServerErrors({ fields: { email: 'x' } }, setError, ['email'])).toBe(false);
    expect(applyServerErrors(undefined, setError)).toBe(false);
    expect(calls).toEqual([]);
  });

  it('does not read inherited properties as field messages', () => {
    const { setError, calls } = recorder();
    applyServerErrors(validation({}), setError, ['toString' as 'email']);
    expect(calls).toEqual([]);
  });

  it('focuses only the first field when asked', () => {
    const { setError, calls } = recorder();
    applyServerErrors(validation({ email: 'a', password: 'b' }), setError, ['email', 'password'], {
      shouldFocus: true,
    });
    expect(calls.map(([, , focus]) => focus)).toEqual([true, false]);
  });
});
