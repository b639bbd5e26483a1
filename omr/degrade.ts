/**
 * What scanners and hand-held cameras do to a page, for the benchmark and the tests: rotation,
 * perspective, a page upside down, blur, noise, uneven light and a fold shadow (JPEG is in
 * raster-node.ts). Seeded: the same seed gives the same image.
 */
import { homographyFrom, sample, type GreyImage, type Point } from './image.js';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Moves the page's corners to `to` (image corners TL, TR, BR, BL → new positions) in an image of the same size, white around. */
export function projective(img: GreyImage, to: Point[]): GreyImage {
  const { width: w, height: h } = img;
  const from = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const inv = homographyFrom(to, from);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = inv[6]! * (x + 0.5) + inv[7]! * (y + 0.5) + inv[8]!;
      const sx = (inv[0]! * (x + 0.5) + inv[1]! * (y + 0.5) + inv[2]!) / d - 0.5;
      const sy = (inv[3]! * (x + 0.5) + inv[4]! * (y + 0.5) + inv[5]!) / d - 0.5;
      out[y * w + x] = sample(img, sx, sy);
    }
  }
  return { width: w, height: h, data: out };
}

/** Rotation by `degrees` about the centre, scaled down a little so the corners stay in the picture. */
export function rotate(img: GreyImage, degrees: number): GreyImage {
  const { width: w, height: h } = img;
  const a = (degrees * Math.PI) / 180;
  const s = 0.9;
  const c = { x: w / 2, y: h / 2 };
  const corner = (x: number, y: number) => ({ x: c.x + s * ((x - c.x) * Math.cos(a) - (y - c.y) * Math.sin(a)), y: c.y + s * ((x - c.x) * Math.sin(a) + (y - c.y) * Math.cos(a)) });
  return projective(img, [corner(0, 0), corner(w, 0), corner(w, h), corner(0, h)]);
}

/** A hand-held photo: the far edge narrower, a little skew. */
export function perspective(img: GreyImage, r: () => number): GreyImage {
  const { width: w, height: h } = img;
  const k = 0.06 + r() * 0.06;
  const j = () => (r() - 0.5) * 0.03;
  return projective(img, [
    { x: w * (k + j()), y: h * (0.04 + j()) },
    { x: w * (1 - k + j()), y: h * (0.03 + j()) },
    { x: w * (0.98 + j()), y: h * (0.97 + j()) },
    { x: w * (0.02 + j()), y: h * (0.96 + j()) },
  ]);
}

export function upsideDown(img: GreyImage): GreyImage {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[img.data.length - 1 - i]!;
  return { width: img.width, height: img.height, data: out };
}

/** A box blur of the given radius, twice (close to a Gaussian). */
export function blur(img: GreyImage, radius: number): GreyImage {
  const pass = (src: Uint8Array, w: number, h: number, horizontal: boolean) => {
    const out = new Uint8Array(src.length);
    const n = radius * 2 + 1;
    for (let a = 0; a < (horizontal ? h : w); a++) {
      let sum = 0;
      const at = (b: number) => {
        const bb = Math.min(Math.max(b, 0), (horizontal ? w : h) - 1);
        return horizontal ? src[a * w + bb]! : src[bb * w + a]!;
      };
      for (let b = -radius; b <= radius; b++) sum += at(b);
      for (let b = 0; b < (horizontal ? w : h); b++) {
        out[horizontal ? a * w + b : b * w + a] = sum / n;
        sum += at(b + radius + 1) - at(b - radius);
      }
    }
    return out;
  };
  let d = img.data;
  for (let i = 0; i < 2; i++) d = pass(pass(d, img.width, img.height, true), img.width, img.height, false);
  return { width: img.width, height: img.height, data: d };
}

export function noise(img: GreyImage, sigma: number, r: () => number): GreyImage {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) {
    const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    out[i] = Math.max(0, Math.min(255, img.data[i]! + g * sigma));
  }
  return { width: img.width, height: img.height, data: out };
}

/** Light falling off from one corner to the opposite one (down to `darkest` of full light). */
export function unevenLight(img: GreyImage, darkest: number): GreyImage {
  const { width: w, height: h } = img;
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      out[y * w + x] = img.data[y * w + x]! * (1 - (1 - darkest) * t * t);
    }
  return { width: w, height: h, data: out };
}

/** A horizontal fold across the middle: a soft shadow band and a darker crease line. */
export function foldShadow(img: GreyImage): GreyImage {
  const { width: w, height: h } = img;
  const out = new Uint8Array(img.data.length);
  const mid = h * 0.5;
  const band = h * 0.04;
  for (let y = 0; y < h; y++) {
    const d = Math.abs(y - mid);
    const f = d < band ? 1 - 0.3 * (1 - d / band) : 1;
    const crease = d < Math.max(1, h / 1500) ? 0.6 : 1;
    for (let x = 0; x < w; x++) out[y * w + x] = img.data[y * w + x]! * f * crease;
  }
  return { width: w, height: h, data: out };
}
