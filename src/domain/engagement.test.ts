import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES, enquirySchema, REVIEW_MESSAGES, reviewSchema } from './engagement.ts';

const valid = { name: 'Thandi', email: 'thandi@example.com', message: 'Is this available in November?' };
const firstMessage = (input: unknown) => {
  const result = enquirySchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

/**
 * The spec's messages say "must be less than N characters" while its limits say "at most N". The limits win:
 * exactly N characters (after trimming) is accepted and N + 1 is refused, with the spec's message.
 */
describe('enquirySchema: "less than N" means at most N', () => {
  it.each([
    ['name', 100, ENQUIRY_MESSAGES.nameMax],
    ['phone', 20, ENQUIRY_MESSAGES.phoneMax],
    ['message', 1000, ENQUIRY_MESSAGES.messageMax],
  ] as const)('%s: %i passes, one more fails', (field, n, message) => {
    expect(firstMessage({ ...valid, [field]: 'x'.repeat(n) })).toBeNull();
    expect(firstMessage({ ...valid, [field]: 'x'.repeat(n + 1) })).toBe(message);
  });

  it('email: 255 passes, 256 fails', () => {
    const at = (n: number) => `${'e'.repeat(n - '@example.com'.length)}@example.com`;
    expect(firstMessage({ ...valid, email: at(255) })).toBeNull();
    expect(firstMessage({ ...valid, email: at(256) })).toBe(ENQUIRY_MESSAGES.emailMax);
  });

  it('counts after trimming', () => {
    expect(firstMessage({ ...valid, name: `   ${'x'.repeat(100)}   ` })).toBeNull();
    expect(firstMessage({ ...valid, message: `     ${'x'.repeat(9)}     ` })).toBe(
      ENQUIRY_MESSAGES.messageMin,
    );
  });

  it('gives the first message of the spec for each field', () => {
    expect(firstMessage({ ...valid, name: '   ' })).toBe('Name is required');
    expect(firstMessage({ ...valid, email: 'nope' })).toBe('Invalid email address');
    expect(firstMessage({ ...valid, message: 'short' })).toBe('Message must be at least 10 characters');
  });

  it('turns an empty phone into null and trims the rest', () => {
    expect(enquirySchema.parse({ ...valid, name: ' Thandi ', phone: '   ' })).toEqual({
      ...valid,
      phone: null,
    });
  });
});

describe('reviewSchema', () => {
  it('requires a whole rating from 1 to 5', () => {
    for (const rating of [undefined, 0, 6, 2.5, '3']) {
      const r = reviewSchema.safeParse({ rating });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(REVIEW_MESSAGES.ratingRequired);
    }
    for (const rating of [1, 2, 3, 4, 5]) expect(reviewSchema.parse({ rating }).rating).toBe(rating);
  });

  it('takes an optional comment of at most 500 characters, trimmed, empty as null', () => {
    expect(reviewSchema.parse({ rating: 4, comment: 'c'.repeat(500) }).comment).toHaveLength(500);
    expect(reviewSchema.safeParse({ rating: 4, comment: 'c'.repeat(501) }).error!.issues[0]!.message).toBe(
      REVIEW_MESSAGES.commentMax,
    );
    expect(reviewSchema.parse({ rating: 4, comment: '   ' }).comment).toBeNull();
    expect(reviewSchema.parse({ rating: 4 }).comment).toBeNull();
    expect(reviewSchema.parse({ rating: 4, comment: '  Great  ' }).comment).toBe('Great');
  });
});
