/**
 * Grey images and the geometry the reader needs: a plain 8-bit buffer (works the same in Node and in a
 * browser worker), box-average downscaling, an integral image for local means, and a plane homography.
 */

/** 8-bit grey pixels, row by row, 0 = black, 255 = white. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Point {
  x: number;
  y: number;
}

/** Grey from RGBA (browser ImageData, canvas) by the usual luma weights. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j]! * 77 + rgba[j + 1]! * 150 + rgba[j + 2]! * 29) >> 8;
  return { width, height, data };
}

/** The grey image as opaque RGBA pixels (for a QR decoder or a canvas). */
export function rgbaFromGrey(img: GreyImage): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
    const v = img.data[i]!;
    rgba[j] = v;
    rgba[j + 1] = v;
    rgba[j + 2] = v;
    rgba[j + 3] = 255;
  }
  return rgba;
}

/** Box-average downscale by an integer factor. */
export function downscale(img: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return img;
  const w = Math.floor(img.width / factor);
  const h = Math.floor(img.height / factor);
  const out = new Uint8Array(w * h);
  const n = factor * factor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * img.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += img.data[row + dx]!;
      }
      out[y * w + x] = sum / n;
    }
  }
  return { width: w, height: h, data: out };
}

/** Summed-area table (width+1 × height+1) for local means in O(1). */
export function integral(img: GreyImage): Float64Array {
  const w = img.width + 1;
  const out = new Float64Array(w * (img.height + 1));
  for (let y = 1; y <= img.height; y++) {
    let row = 0;
    for (let x = 1; x <= img.width; x++) {
      row += img.data[(y - 1) * img.width + x - 1]!;
      out[y * w + x] = out[(y - 1) * w + x]! + row;
    }
  }
  return out;
}

/** Bilinear grey value at a sub-pixel position (white outside the image). */
export function sample(img: GreyImage, x: number, y: number): number {
  if (x < 0 || y < 0 || x > img.width - 1 || y > img.height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, img.width - 1);
  const y1 = Math.min(y0 + 1, img.height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const d = img.data;
  const a = d[y0 * img.width + x0]! * (1 - fx) + d[y0 * img.width + x1]! * fx;
  const b = d[y1 * img.width + x0]! * (1 - fx) + d[y1 * img.width + x1]! * fx;
  return a * (1 - fy) + b * fy;
}

/** A 3×3 homography as 9 numbers, row major; maps (x, y, 1). */
export type Homography = number[];

/** The homography that maps each `from[i]` to `to[i]` (4 point pairs, no three collinear). */
export function homographyFrom(from: Point[], to: Point[]): Homography {
  // Solve the 8×8 linear system A h = b (h33 = 1) by Gaussian elimination with partial pivoting.
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    const pivot = A[c]![c]!;
    if (Math.abs(pivot) < 1e-12) throw new Error('degenerate points');
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / pivot;
      if (f === 0) continue;
      for (let k = c; k < 9; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  const h = A.map((row, i) => row[8]! / row[i]!);
  return [...h, 1];
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

/** Copies a page region (layout points) into an upright image at `scale` pixels per point. */
export function warp(img: GreyImage, h: Homography, region: { x: number; y: number; width: number; height: number }, scale: number): GreyImage {
  const w = Math.max(1, Math.round(region.width * scale));
  const ht = Math.max(1, Math.round(region.height * scale));
  const out = new Uint8Array(w * ht);
  for (let j = 0; j < ht; j++) {
    for (let i = 0; i < w; i++) {
      const p = apply(h, region.x + (i + 0.5) / scale, region.y + (j + 0.5) / scale);
      out[j * w + i] = sample(img, p.x, p.y);
    }
  }
  return { width: w, height: ht, data: out };
}
