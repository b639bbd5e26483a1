/**
 * Uploaded images (logo, testimonial photo): raw request bodies judged by their CONTENT — the type by
 * magic bytes (JPEG or PNG only), the size by length, the dimensions with image-size. The declared
 * Content-Type only decides whether the body is read at all.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { imageSize } from 'image-size';
import { AppError } from '../../errors.js';

export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream'];
/** Read a little more than the largest allowed image, so "too big" is decided by the real length. */
const READ_MARGIN_BYTES = 64 * 1024;

export interface InspectedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
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
