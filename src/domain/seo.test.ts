import { describe, expect, it } from 'vitest';
import {
  escapeMarkup,
  scriptSafeJson,
  landingHeading,
  landingPath,
  metaDescription,
  provinceFromSlug,
} from './seo.ts';

describe('landing pages', () => {
  it('writes the heading from the count, with the article South Africans use', () => {
    expect(landingHeading('photography', 'western_cape', 23, true)).toBe(
      '23 matric farewell photographers in the Western Cape',
    );
    expect(landingHeading('venues', 'gauteng', 1, true)).toBe('1 matric farewell venue in Gauteng');
    expect(landingHeading('catering', null, 1000, false)).toBe(
      '1\u00a0000+ matric farewell caterers in South Africa',
    );
  });

  it('maps provinces to hyphenated URL segments and back', () => {
    expect(landingPath('decor', 'kwazulu_natal')).toBe('/services/decor/kwazulu-natal');
    expect(provinceFromSlug('kwazulu-natal')).toBe('kwazulu_natal');
    expect(provinceFromSlug('atlantis')).toBeNull();
  });
});

describe('text for crawlers', () => {
  it('JSON-LD cannot close its script element or open a comment', () => {
    const out = scriptSafeJson({ name: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!-- & \u2028' });
  });

  it('markup text cannot open a tag, end an attribute or start an entity', () => {
    expect(escapeMarkup(`"><script>alert('x')</script>&amp;`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;',
    );
  });

  it('shortens descriptions at a word boundary', () => {
    const long = 'word '.repeat(60);
    const out = metaDescription(long);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('word…')).toBe(true);
    expect(metaDescription('  short\n text ')).toBe('short text');
  });
});
