/**
 * Uploaded images (logo, testimonial photo, blog cover): raw request bodies judged by their CONTENT — the type by
 * magic bytes (JPEG or PNG only), the size by length, the dimensions with image-size (from the header, before any
 * pixel is decoded). The declared Content-Type only decides whether the body is read at all. A blog cover is then
 * decoded and encoded again at a sane size with sharp (`reencodeImage`).
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { AppError } from '../../errors.js';

// One libvips thread per image and no operation cache: an upload is rare, and the 2-core server keeps answering
// respondents while it is encoded.
sharp.concurrency(1);
sharp.cache(false);

export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream'];
/** Read a little more than the largest allowed image, so "too big" is decided by the real length. */
const READ_MARGIN_BYTES = 64 * 1024;

export interface InspectedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** The pixel size of a stored image from its header (null when the bytes are not an image image-size knows). */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

/** express.raw for an image upload; a body past the read limit is 413 image-too-big (not payload-too-large). */
export function imageBody(maxBytes: number): RequestHandler {
  const parser = express.raw({ type: IMAGE_UPLOAD_TYPES, limit: maxBytes + READ_MARGIN_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    parser(req, res, (error?: unknown) => {
      if (error && (error as { type?: string }).type === 'entity.too.large') return next(new AppError('image-too-big'));
      next(error);
    });
  };
}

export function sniffImageType(bytes: Buffer): InspectedImage['contentType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** 413 image-too-big over maxBytes; 415 image-type unless the bytes are a readable JPEG or PNG. */
export function inspectImage(body: unknown, maxBytes: number): InspectedImage {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('image-type');
  if (body.length > maxBytes) throw new AppError('image-too-big');
  const contentType = sniffImageType(body);
  if (!contentType) throw new AppError('image-type');
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(body);
  } catch {
    throw new AppError('image-type');
  }
  const expected = contentType === 'image/jpeg' ? 'jpg' : 'png';
  if (size.type !== expected || !size.width || !size.height) throw new AppError('image-type');
  return { bytes: body, contentType, width: size.width, height: size.height };
}

/**
 * The image decoded and encoded again to fit inside `box` (never enlarged; turned upright by its EXIF orientation): a
 * JPEG (quality 82, progressive) unless it has transparency, then a PNG. Nothing of the upload's own bytes is kept, so
 * no metadata (camera, GPS) and no hidden chunk reaches visitors. `maxInputPixels` refuses a larger header again before
 * decoding (the caller has checked the dimensions already). 415 image-type when the pixels cannot be decoded.
 */
export async function reencodeImage(image: InspectedImage, box: { width: number; height: number }, maxInputPixels: number): Promise<InspectedImage> {
  try {
    const input = sharp(image.bytes, { limitInputPixels: maxInputPixels, failOn: 'truncated' });
    const { hasAlpha } = await input.metadata();
    const resized = input.rotate().resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (hasAlpha ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 82, progressive: true })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, contentType: hasAlpha ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('image-type', { cause: error });
  }
}
