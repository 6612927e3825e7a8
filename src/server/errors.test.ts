import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

/** A driver error as pg and PGlite throw it, wrapped as Drizzle wraps it (the query's text in front). */
const wrapped = (code: string, constraint: string, message: string) =>
  Object.assign(new Error('Failed query: insert into "premium_articles" ("slug") values ($1)'), {
    cause: Object.assign(new Error(message), { code, constraint }),
  });

describe('isUniqueViolation', () => {
  const slug = wrapped(
    '23505',
    'premium_articles_slug_unique',
    'duplicate key value violates unique constraint "premium_articles_slug_unique"',
  );

  it('finds a unique violation behind the wrapper, of any constraint or of the one asked for', () => {
    expect(isUniqueViolation(slug)).toBe(true);
    expect(isUniqueViolation(slug, 'slug')).toBe(true);
    expect(isUniqueViolation(slug, 'name')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('x'), { code: '23505' }))).toBe(true);
  });

  it('is false for other database errors, even when the query text names the column', () => {
    const fk = wrapped('23503', 'premium_articles_category_id_fk', 'violates foreign key constraint');
    expect(isUniqueViolation(fk)).toBe(false);
    expect(isUniqueViolation(fk, 'slug')).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('reads a message without a code only when no constraint is asked for', () => {
    const text = new Error('duplicate key value violates unique constraint "user_email_unique"');
    expect(isUniqueViolation(text)).toBe(true);
    expect(isUniqueViolation(text, 'email')).toBe(false);
  });
});
