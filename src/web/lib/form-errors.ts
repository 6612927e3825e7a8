/**
 * The server's per-field validation messages (`ApiError.fields`, keyed by field path such as `email` or
 * `address.city`) shown under the matching react-hook-form fields, the way the browser's own zod messages are.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

export interface ApplyServerErrorsOptions {
  /** Move focus to the first field that got a message (default false). */
  shouldFocus?: boolean;
}

/**
 * Put each field message of `error` on its form field. With `names`, only those fields are considered (the
 * ones the form shows); without, every field the server named. Returns true when at least one field got a
 * message, so the caller can skip a generic toast or show one for errors no field explains.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names?: readonly Path<T>[],
  options: ApplyServerErrorsOptions = {},
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const fields = error.fields;
  const candidates = names ?? (Object.keys(fields) as Path<T>[]);
  let applied = false;
  for (const name of candidates) {
    const message = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: Boolean(options.shouldFocus) && !applied });
    applied = true;
  }
  return applied;
}
