import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

describe('share links', () => {
  it('put the title and canonical URL into WhatsApp and Facebook links, encoded', () => {
    const links = shareLinks('https://mm.example/listing/abc?x=1&y=2', 'Limo & Co');
    expect(links.whatsapp).toBe(
      'https://wa.me/?text=Limo%20%26%20Co%20https%3A%2F%2Fmm.example%2Flisting%2Fabc%3Fx%3D1%26y%3D2',
    );
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmm.example%2Flisting%2Fabc%3Fx%3D1%26y%3D2',
    );
  });
});
