/**
 * Demo pictures for the seed, drawn locally (no network): a generated SVG rendered to PNG by sharp.
 * Only internally generated SVG goes through sharp here; SVG uploads are refused by the image pipeline.
 */
import sharp from 'sharp';

export interface DemoImageOptions {
  width: number;
  height: number;
  /** Same seed, same picture. */
  seed: number;
  label: string;
  /** Base hue in degrees; derived from the seed when omitted. */
  hue?: number;
}

const MAX_SIDE = 4000;

/** Small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;
}

/** The SVG source of a demo picture (exported for tests and debugging). */
export function demoImageSvg({ width, height, seed, label, hue }: DemoImageOptions): string {
  const rand = random(Math.floor(seed) ^ 0x9e3779b9);
  const h1 = hue ?? (Math.abs(Math.floor(seed)) * 137.508) % 360;
  const h2 = h1 + 35 + rand() * 50;

  const shapes: string[] = [];
  const count = 4 + Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) {
    const cx = Math.round(rand() * width);
    const cy = Math.round(rand() * height);
    const r = Math.round((0.15 + rand() * 0.35) * Math.min(width, height));
    const opacity = (0.25 + rand() * 0.3).toFixed(2);
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#soft${i % 2})" opacity="${opacity}"/>`);
  }

  // Roughly 0.72em per character in bold DejaVu Sans; keep the label within ~70% of the width so it survives
  // the cropping of cards (object-fit: cover).
  const chars = Math.max(label.length, 1);
  const fontSize = Math.max(10, Math.round(Math.min(height * 0.14, (width * 0.7) / (chars * 0.72))));
  const text = escapeXml(label);
  const tx = Math.round(width / 2);
  const ty = Math.round(height / 2 + fontSize * 0.35);
  const shadow = Math.max(1, Math.round(fontSize / 18));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(h1, 65, 45)}"/>
<stop offset="1" stop-color="${hsl(h2, 70, 30)}"/>
</linearGradient>
<radialGradient id="soft0"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="soft1"><stop offset="0" stop-color="${hsl(h2 + 40, 75, 70)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hsl(h2 + 40, 75, 70)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${shapes.join('\n')}
<text x="${tx + shadow}" y="${ty + shadow}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle" fill="#000" fill-opacity="0.3">${text}</text>
<text x="${tx}" y="${ty}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="700" font-size="${fontSize}" text-anchor="middle" fill="#fff">${text}</text>
</svg>`;
}

/** A PNG demo picture of exactly `width` × `height` pixels. */
export async function drawDemoImage(opts: DemoImageOptions): Promise<Buffer> {
  const { width, height } = opts;
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) {
      throw new RangeError(`Demo image sides must be integers from 1 to ${MAX_SIDE}`);
    }
  }
  const svg = demoImageSvg(opts);
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 4 })
    .toBuffer();
}
