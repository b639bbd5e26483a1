/**
 * Checks an image in the browser before it is uploaded, with the same rules the server applies
 * again (shared LOGO_RULES / PHOTO_RULES): the type judged by the file's content (magic bytes),
 * the size in bytes, and the pixel dimensions read from the PNG or JPEG header (no decoding).
 * The result is a shared error code, so the page shows the shared message in its language.
 */
import { LOGO_RULES, PHOTO_RULES } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors/codes';

export type ImageType = 'image/png' | 'image/jpeg';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngInfo(b: Uint8Array): ImageInfo | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  // The first chunk is IHDR: length(4) 'IHDR'(4) width(4) height(4).
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers carry the dimensions (C4 DHT, C8 JPG and CC DAC are not frames). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegInfo(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = view.getUint16(i + 2);
    if (SOF.has(marker)) return { type: 'image/jpeg', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    i += 2 + length;
  }
  return null;
}

/** Type and dimensions from the first bytes of a PNG or JPEG file; null for anything else. */
export function imageInfoFromBytes(bytes: Uint8Array): ImageInfo | null {
  return pngInfo(bytes) ?? jpegInfo(bytes);
}

/** JPEG headers can sit behind large EXIF blocks; 256 KB covers them. */
const HEADER_BYTES = 256 * 1024;

async function readBytes(blob: Blob): Promise<Uint8Array> {
  const part = blob.slice(0, HEADER_BYTES);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

export async function readImageInfo(file: Blob): Promise<ImageInfo | null> {
  return imageInfoFromBytes(await readBytes(file));
}

export type ImageCheck = { ok: true; info: ImageInfo } | { ok: false; code: Extract<ErrorCode, 'image-type' | 'image-too-big' | 'image-dimensions' | 'photo-ratio'> };

/** Company logo: JPEG or PNG, at most 2 MB, from 232x80 to 464x160 px. */
export function checkLogo(info: ImageInfo | null, bytes: number): ImageCheck {
  if (!info) return { ok: false, code: 'image-type' };
  if (bytes > LOGO_RULES.maxBytes) return { ok: false, code: 'image-too-big' };
  const { width, height } = info;
  if (width < LOGO_RULES.minWidth || height < LOGO_RULES.minHeight || width > LOGO_RULES.maxWidth || height > LOGO_RULES.maxHeight) {
    return { ok: false, code: 'image-dimensions' };
  }
  return { ok: true, info };
}

/** Representative photo: JPEG or PNG, at most 2 MB, square (1:1, +-1 px), at least 200 px a side. */
export function checkPhoto(info: ImageInfo | null, bytes: number): ImageCheck {
  if (!info) return { ok: false, code: 'image-type' };
  if (bytes > PHOTO_RULES.maxBytes) return { ok: false, code: 'image-too-big' };
  if (Math.abs(info.width - info.height) > 1) return { ok: false, code: 'photo-ratio' };
  if (Math.min(info.width, info.height) < PHOTO_RULES.minSide) return { ok: false, code: 'image-dimensions' };
  return { ok: true, info };
}
