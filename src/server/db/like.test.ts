import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like.ts';

describe('ILIKE patterns', () => {
  it('escape the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
