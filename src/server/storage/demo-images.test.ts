import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_SCENES, demoImageSvg, drawDemoImage } from './demo-images.ts';

describe('demo scenes', () => {
  it('draw every scene without any text, so cropping never cuts words', () => {
    for (const scene of DEMO_SCENES) {
      const svg = demoImageSvg({ width: 1200, height: 800, seed: 5, label: 'Ignored label', scene });
      expect(svg, scene).not.toContain('<text');
      expect(svg, scene).toContain('preserveAspectRatio="xMidYMid slice"');
    }
  });

  it('renders a scene at exactly the asked size, deterministically', async () => {
    const a = await drawDemoImage({ width: 800, height: 320, seed: 2, label: '', scene: 'party' });
    const b = await drawDemoImage({ width: 800, height: 320, seed: 2, label: '', scene: 'party' });
    const meta = await sharp(a).metadata();
    expect([meta.width, meta.height]).toEqual([800, 320]);
    expect(a.equals(b)).toBe(true);
  });
});
