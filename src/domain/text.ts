/**
 * Text that may enter the system. Every text field of every input schema (bodies, query strings, forms)
 * starts from `text()`: it refuses U+0000 (PostgreSQL cannot store it in text) and lone UTF-16 surrogates
 * (not valid Unicode; they would be mangled on the way to the database), with a field message, so a client
 * gets a 400 for its own bad input and never a 500.
 */
import { z } from 'zod';

export const INVALID_TEXT_MESSAGE = 'Contains characters that are not allowed';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string can be stored and shown as it is: no NUL, no lone surrogate. */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A string schema that refuses NUL and lone surrogates before any other check, so that message comes
 * first. `message` is used when the value is not a string at all.
 */
export function text(message?: string) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine(isCleanText, { message: INVALID_TEXT_MESSAGE, abort: true });
}

/** Optional free text: trimmed, at most `max` characters, empty or missing becomes null. */
export function optionalText(max: number, maxMessage: string) {
  return text()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));
}
