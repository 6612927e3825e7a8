import { describe, expect, it } from 'vitest';
import { enquiryReplySchema, enquirySchema, reviewSchema } from './engagement.ts';
import { isOnlyLinks, LINK_ONLY_MESSAGES } from './spam.ts';

describe('isOnlyLinks', () => {
  it.each([
    'https://cheap.example/offer',
    'http://a.example https://b.example',
    'www.spam.example',
    'bit.ly/abc123',
    'example.co.za',
    '<https://a.example>, (www.b.example).',
    'mailto:sales@spam.example tel:+27825550101',
    '  https://a.example\n\n\twww.b.example  ',
    'https://a.example - https://b.example',
  ])('finds nothing but links in %j', (text) => {
    expect(isOnlyLinks(text)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'Is the Rolls free on 28 November?',
    'See https://venue.example for the hall',
    'e.g. the 3 p.m. slot, etc.',
    'R2500.00',
    'Thanks!!!',
    '...',
  ])('finds words in %j', (text) => {
    expect(isOnlyLinks(text)).toBe(false);
  });
});

describe('the shared schemas refuse link-only text with the field message', () => {
  it('enquiry message, reply body, review comment', () => {
    const links = 'https://spam.example www.spam.example';
    const enquiry = enquirySchema.safeParse({ name: 'A', email: 'a@b.co', message: links });
    expect(enquiry.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['message', LINK_ONLY_MESSAGES.message],
    ]);
    const reply = enquiryReplySchema.safeParse({ body: links });
    expect(reply.error?.issues[0]?.message).toBe(LINK_ONLY_MESSAGES.message);
    const review = reviewSchema.safeParse({ rating: 5, comment: 'bit.ly/abc' });
    expect(review.error?.issues[0]?.message).toBe(LINK_ONLY_MESSAGES.comment);
    expect(reviewSchema.safeParse({ rating: 5, comment: '' }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 5, comment: 'Great, see https://photos.example' }).success).toBe(
      true,
    );
  });
});
