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
  /**
   * Draw an evening farewell scene of this kind (a category slug, or 'party' for the red carpet) instead
   * of a plain gradient; scenes carry no text, so cropping (object-fit: cover) never cuts words.
   */
  scene?: DemoScene;
}

export const DEMO_SCENES = [
  'party',
  'car-rentals',
  'dress-suit-hire',
  'photography',
  'venues',
  'makeup-hair',
  'catering',
  'decor',
  'entertainment',
] as const;
export type DemoScene = (typeof DEMO_SCENES)[number];

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
export function demoImageSvg(opts: DemoImageOptions): string {
  if (opts.scene) return sceneSvg(opts, opts.scene);
  return abstractSvg(opts);
}

function abstractSvg({ width, height, seed, label, hue }: DemoImageOptions): string {
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

// ---------------------------------------------------------------------------------------------------------
// Scenes: an evening event drawn in a 1200 × 800 design space and scaled to cover the picture, the subject
// kept in the middle band so that 2.5:1 banners and 4:3 cards both show it.

const W = 1200;
const H = 800;
const GROUND = 600;

function rgbaWhite(opacity: number): string {
  return `rgba(255,255,255,${opacity.toFixed(2)})`;
}

/** Sky, soft bokeh lights, two strings of bulbs and a floor with a sheen. */
function backdrop(rand: () => number, hue: number): string {
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  for (let i = 0; i < 26; i++) {
    const x = Math.round(rand() * W);
    const y = Math.round(rand() * (GROUND - 120));
    const r = Math.round(8 + rand() * 26);
    const warm = rand() < 0.6;
    const fill = warm ? hsl(38 + rand() * 20, 95, 70) : hsl(hue + 40, 80, 78);
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${(0.18 + rand() * 0.3).toFixed(2)}" filter="url(#blur)"/>`,
    );
  }
  for (const [y0, sag] of [
    [70, 90],
    [150, 70],
  ] as const) {
    parts.push(
      `<path d="M -20 ${y0} Q ${W / 2} ${y0 + sag * 2} ${W + 20} ${y0}" stroke="rgba(20,10,30,0.6)" stroke-width="3" fill="none"/>`,
    );
    for (let k = 1; k < 16; k++) {
      const t = k / 16;
      const x = -20 + t * (W + 40);
      const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
      parts.push(`<circle cx="${x.toFixed(0)}" cy="${(y + 10).toFixed(0)}" r="16" fill="url(#bulbGlow)"/>`);
      parts.push(`<circle cx="${x.toFixed(0)}" cy="${(y + 10).toFixed(0)}" r="5" fill="#fff3c4"/>`);
    }
  }
  parts.push(`<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="url(#floor)"/>`);
  parts.push(
    `<ellipse cx="${W / 2}" cy="${GROUND + 8}" rx="${W * 0.42}" ry="26" fill="${rgbaWhite(0.08)}" filter="url(#blur)"/>`,
  );
  return parts.join('\n');
}

function redCarpet(): string {
  return `<polygon points="520,${GROUND} 680,${GROUND} 900,${H} 300,${H}" fill="url(#carpet)"/>
<g fill="#d9b25a">${[340, 860]
    .map(
      (x) =>
        `<rect x="${x - 6}" y="${GROUND - 70}" width="12" height="90" rx="4"/><circle cx="${x}" cy="${GROUND - 74}" r="12"/>`,
    )
    .join('')}</g>
<path d="M 346 ${GROUND - 60} Q 600 ${GROUND - 10} 854 ${GROUND - 60}" stroke="#9b1c31" stroke-width="10" fill="none"/>`;
}

function spotlights(): string {
  return `<g opacity="0.35">
<polygon points="180,0 240,0 560,${GROUND} 380,${GROUND}" fill="url(#beam)"/>
<polygon points="960,0 1020,0 820,${GROUND} 640,${GROUND}" fill="url(#beam)"/>
</g>`;
}

function car(accent: string): string {
  return `<g>
<path d="M 330 560 Q 335 505 400 495 L 480 488 Q 530 430 610 428 L 720 430 Q 790 440 840 492 L 900 500 Q 950 510 955 560 Z" fill="${accent}"/>
<path d="M 500 492 Q 540 448 610 446 L 700 448 Q 760 456 800 494 Z" fill="#1b2338" opacity="0.92"/>
<path d="M 640 447 L 640 494" stroke="${accent}" stroke-width="8"/>
<path d="M 340 540 L 950 540" stroke="rgba(255,255,255,0.35)" stroke-width="3"/>
<path d="M 520 460 Q 600 440 700 448" stroke="rgba(255,255,255,0.5)" stroke-width="4" fill="none"/>
<circle cx="440" cy="565" r="46" fill="#111"/><circle cx="440" cy="565" r="22" fill="#9aa3b5"/>
<circle cx="840" cy="565" r="46" fill="#111"/><circle cx="840" cy="565" r="22" fill="#9aa3b5"/>
<ellipse cx="945" cy="520" rx="14" ry="9" fill="#fff7d6"/>
<polygon points="950,512 1200,470 1200,600 950,528" fill="url(#headlight)"/>
<ellipse cx="340" cy="522" rx="9" ry="7" fill="#ff4d4d"/>
</g>`;
}

function outfits(accent: string): string {
  return `<g>
<rect x="468" y="250" width="6" height="${GROUND - 250}" fill="#3a3340"/>
<ellipse cx="471" cy="${GROUND}" rx="60" ry="10" fill="#241d2a"/>
<path d="M 440 300 Q 471 285 502 300 L 498 370 Q 471 380 444 370 Z" fill="${accent}"/>
<path d="M 444 370 Q 471 382 498 370 Q 560 480 600 ${GROUND - 8} Q 471 ${GROUND + 20} 342 ${GROUND - 8} Q 382 480 444 370 Z" fill="${accent}"/>
<path d="M 470 380 Q 500 470 530 ${GROUND - 10}" stroke="rgba(255,255,255,0.35)" stroke-width="6" fill="none"/>
<circle cx="471" cy="262" r="18" fill="#3a3340"/>
<rect x="724" y="250" width="6" height="${GROUND - 250}" fill="#3a3340"/>
<ellipse cx="727" cy="${GROUND}" rx="50" ry="9" fill="#241d2a"/>
<path d="M 672 300 Q 727 280 782 300 L 790 470 L 664 470 Z" fill="#151726"/>
<polygon points="712,300 742,300 727,372" fill="#f4f1ea"/>
<polygon points="715,306 727,312 739,306 739,318 727,312 715,318" fill="#9b1c31"/>
<path d="M 672 300 L 712 300 L 727 372 L 700 470" stroke="#2a2d44" stroke-width="4" fill="none"/>
<rect x="676" y="470" width="44" height="${GROUND - 480}" fill="#151726"/><rect x="734" y="470" width="44" height="${GROUND - 480}" fill="#151726"/>
<circle cx="727" cy="262" r="18" fill="#3a3340"/>
</g>`;
}

function camera(accent: string): string {
  return `<g>
<path d="M 600 470 L 520 ${GROUND} M 600 470 L 680 ${GROUND} M 600 470 L 600 ${GROUND}" stroke="#1c1a24" stroke-width="9"/>
<rect x="470" y="330" width="260" height="160" rx="22" fill="#1f2030"/>
<rect x="500" y="305" width="80" height="34" rx="8" fill="#1f2030"/>
<rect x="655" y="315" width="50" height="22" rx="5" fill="#fff7d6"/>
<circle cx="600" cy="410" r="66" fill="#2d2f45"/>
<circle cx="600" cy="410" r="48" fill="url(#lens)"/>
<circle cx="582" cy="392" r="12" fill="rgba(255,255,255,0.55)"/>
<rect x="470" y="360" width="260" height="10" fill="${accent}" opacity="0.8"/>
<circle cx="680" cy="326" r="90" fill="url(#flash)"/>
</g>`;
}

function venue(accent: string): string {
  const arches = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 390 + i * 90;
      return `<path d="M ${x} 560 L ${x} 430 Q ${x + 30} 392 ${x + 60} 430 L ${x + 60} 560 Z" fill="url(#window)"/>`;
    })
    .join('');
  return `<g>
<rect x="350" y="330" width="500" height="${GROUND - 330}" fill="#2a2036"/>
<polygon points="330,335 600,250 870,335" fill="#35283f"/>
<rect x="330" y="330" width="540" height="14" fill="${accent}"/>
${arches}
<path d="M 600 250 L 600 300" stroke="#d9b25a" stroke-width="3"/>
<g fill="#fff3c4">${[-40, -20, 0, 20, 40].map((d) => `<circle cx="${600 + d}" cy="${312 + Math.abs(d) / 4}" r="5"/>`).join('')}</g>
<rect x="380" y="560" width="440" height="14" fill="#3b2f47"/><rect x="360" y="574" width="480" height="14" fill="#46395a"/><rect x="340" y="588" width="520" height="12" fill="#524468"/>
</g>`;
}

function vanity(accent: string): string {
  const bulbs: string[] = [];
  for (let i = 0; i < 6; i++) {
    bulbs.push(
      `<circle cx="470" cy="${290 + i * 42}" r="11" fill="#fff3c4"/><circle cx="730" cy="${290 + i * 42}" r="11" fill="#fff3c4"/>`,
    );
  }
  for (let i = 0; i < 6; i++) bulbs.push(`<circle cx="${495 + i * 42}" cy="268" r="11" fill="#fff3c4"/>`);
  return `<g>
<rect x="450" y="250" width="300" height="290" rx="16" fill="#2b2234"/>
<rect x="488" y="288" width="224" height="228" rx="10" fill="url(#mirror)"/>
${bulbs.join('')}
<rect x="380" y="540" width="440" height="24" rx="6" fill="${accent}"/>
<rect x="400" y="564" width="20" height="${GROUND - 564}" fill="#2b2234"/><rect x="780" y="564" width="20" height="${GROUND - 564}" fill="#2b2234"/>
<rect x="520" y="500" width="22" height="40" rx="5" fill="#e7b4c8"/><rect x="556" y="490" width="14" height="50" rx="4" fill="#f2d6a0"/>
<path d="M 640 540 L 660 470" stroke="#e9e2f0" stroke-width="6"/><ellipse cx="662" cy="466" rx="7" ry="12" fill="#caa07a"/>
</g>`;
}

function dinner(accent: string): string {
  const places = [430, 530, 630, 730]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="508" rx="34" ry="10" fill="#f4f1ea"/><path d="M ${x + 36} 500 L ${x + 36} 470 M ${x + 24} 446 Q ${x + 36} 476 ${x + 48} 446 Z" stroke="#dfe6f0" stroke-width="3" fill="rgba(200,60,90,0.55)"/>`,
    )
    .join('');
  const candles = [480, 600, 720]
    .map(
      (x) =>
        `<rect x="${x - 6}" y="440" width="12" height="56" fill="#f7f0dc"/><ellipse cx="${x}" cy="432" rx="6" ry="12" fill="#ffd66b"/><circle cx="${x}" cy="432" r="40" fill="url(#bulbGlow)"/>`,
    )
    .join('');
  return `<g>
<path d="M 340 500 L 860 500 L 890 ${GROUND} L 310 ${GROUND} Z" fill="#f4f1ea"/>
<path d="M 340 500 L 860 500 L 866 520 L 334 520 Z" fill="${accent}"/>
${places}
${candles}
</g>`;
}

function balloons(rand: () => number, hue: number): string {
  const parts: string[] = [];
  for (let i = 0; i <= 22; i++) {
    const a = Math.PI * (i / 22);
    const x = 600 - Math.cos(a) * 280;
    const y = GROUND - Math.sin(a) * 300;
    const colour = [hsl(hue + 30, 70, 62), '#f4f1ea', hsl(45, 85, 62)][i % 3]!;
    const r = 30 + rand() * 10;
    parts.push(`<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}"/>`);
    parts.push(
      `<circle cx="${(x - r / 3).toFixed(0)}" cy="${(y - r / 3).toFixed(0)}" r="${(r / 4).toFixed(0)}" fill="rgba(255,255,255,0.45)"/>`,
    );
  }
  for (const x of [330, 870]) {
    parts.push(
      `<circle cx="${x}" cy="${GROUND - 20}" r="34" fill="${hsl(hue + 120, 45, 35)}"/><circle cx="${x - 14}" cy="${GROUND - 30}" r="10" fill="#f7c6d9"/><circle cx="${x + 16}" cy="${GROUND - 14}" r="9" fill="#fff3c4"/>`,
    );
  }
  return `<g>${parts.join('')}</g>`;
}

function dj(accent: string): string {
  return `<g>
<g opacity="0.4">
<polygon points="600,300 380,0 470,0" fill="${accent}"/><polygon points="600,300 730,0 820,0" fill="#7ad7ff"/><polygon points="600,300 560,0 640,0" fill="#fff3c4"/>
</g>
<polygon points="440,470 760,470 730,${GROUND} 470,${GROUND}" fill="#1d1b2b"/>
<rect x="430" y="455" width="340" height="20" rx="4" fill="${accent}"/>
<circle cx="520" cy="448" r="26" fill="#2e2c40"/><circle cx="680" cy="448" r="26" fill="#2e2c40"/>
<circle cx="520" cy="448" r="6" fill="#9aa3b5"/><circle cx="680" cy="448" r="6" fill="#9aa3b5"/>
<circle cx="600" cy="392" r="26" fill="#1d1b2b"/><path d="M 560 470 Q 600 410 640 470 Z" fill="#1d1b2b"/>
${[330, 870]
  .map(
    (x) =>
      `<rect x="${x - 50}" y="400" width="100" height="${GROUND - 400}" rx="8" fill="#151421"/><circle cx="${x}" cy="450" r="26" fill="#2e2c40"/><circle cx="${x}" cy="530" r="36" fill="#2e2c40"/><circle cx="${x}" cy="530" r="12" fill="#4a4760"/>`,
  )
  .join('')}
</g>`;
}

function subject(scene: DemoScene, rand: () => number, hue: number): string {
  const accent = hsl(hue + 180, 65, 55);
  switch (scene) {
    case 'car-rentals':
      return car(accent);
    case 'dress-suit-hire':
      return outfits(accent);
    case 'photography':
      return spotlights() + camera(accent);
    case 'venues':
      return venue(accent);
    case 'makeup-hair':
      return vanity(accent);
    case 'catering':
      return dinner(accent);
    case 'decor':
      return redCarpet() + balloons(rand, hue);
    case 'entertainment':
      return dj(accent);
    case 'party':
      return spotlights() + redCarpet();
  }
}

function sceneSvg({ width, height, seed, hue }: DemoImageOptions, scene: DemoScene): string {
  const rand = random(Math.floor(seed) ^ 0x5bd1e995);
  const h = hue ?? (Math.abs(Math.floor(seed)) * 137.508) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${hsl(h, 55, 12)}"/>
<stop offset="0.55" stop-color="${hsl(h + 25, 55, 28)}"/>
<stop offset="0.75" stop-color="${hsl(h + 70, 70, 48)}"/>
</linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h, 30, 16)}"/><stop offset="1" stop-color="${hsl(h, 30, 7)}"/></linearGradient>
<linearGradient id="carpet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7d1226"/><stop offset="1" stop-color="#c42a45"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6" stop-opacity="0.9"/><stop offset="1" stop-color="#fffbe6" stop-opacity="0"/></linearGradient>
<linearGradient id="headlight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff7d6" stop-opacity="0.7"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></linearGradient>
<linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe7a3"/><stop offset="1" stop-color="#f29f4b"/></linearGradient>
<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e6f5"/><stop offset="0.5" stop-color="#9fb4cf"/><stop offset="1" stop-color="#e8eef7"/></linearGradient>
<radialGradient id="lens"><stop offset="0" stop-color="#6a8cff"/><stop offset="0.6" stop-color="#1a2050"/><stop offset="1" stop-color="#06081a"/></radialGradient>
<radialGradient id="flash"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="bulbGlow"><stop offset="0" stop-color="#ffd66b" stop-opacity="0.7"/><stop offset="1" stop-color="#ffd66b" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
</defs>
${backdrop(rand, h)}
${subject(scene, rand, h)}
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
