/**
 * Writes the PWA's PNG icons (pwa/public/icons) with nothing but node:zlib:
 * the product mark (three rising bars on deep teal), 4x supersampled for smooth edges.
 * Run: npx tsx scripts/generate-pwa-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const OUT = new URL('../pwa/public/icons/', import.meta.url);
type Rgb = [number, number, number];
const TEAL: Rgb = [11, 79, 92];
const WHITE: Rgb = [255, 255, 255];
const AMBER: Rgb = [251, 191, 36];

// The mark in a 32-unit box (same as pwa/public/favicon.svg).
const BARS = [
  { x: 8, y: 17, w: 4, h: 7, color: WHITE },
  { x: 14, y: 12, w: 4, h: 12, color: WHITE },
  { x: 20, y: 7, w: 4, h: 17, color: AMBER },
];

function inRoundRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** Colour and alpha of one point (u, v in 0..32). */
function sample(u: number, v: number, maskable: boolean): Rgb | null {
  const inBg = maskable ? true : inRoundRect(u, v, 0, 0, 32, 32, 7);
  if (!inBg) return null;
  for (const b of BARS) if (inRoundRect(u, v, b.x, b.y, b.w, b.h, 1)) return b.color;
  return TEAL;
}

function render(size: number, maskable: boolean): Buffer {
  const ss = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const u = ((x + (sx + 0.5) / ss) / size) * 32;
          const v = ((y + (sy + 0.5) / ss) / size) * 32;
          const c = sample(u, v, maskable);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (y * size + x) * 4;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return rgba;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size: number, rgba: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
const icons: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-192.png', 192, true],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(new URL(name, OUT), png(size, render(size, maskable)));
  console.log(`wrote pwa/public/icons/${name}`);
}
