/**
 * Node only: PDF pages and image files → grey images for the reader. PDFs are rasterised with pdfjs-dist
 * (the same renderer the browser uses) drawing on @napi-rs/canvas (a prebuilt canvas for Node, no system
 * libraries); PNG/JPEG/TIFF files are decoded with sharp.
 */
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { greyFromRgba, type GreyImage } from './image.js';

/** Each page of a PDF at `dpi`, one after the other (a large scan batch never sits in memory whole). */
export async function* pdfPages(bytes: Uint8Array, dpi = 200): AsyncGenerator<GreyImage> {
  // A copy: pdfjs takes the buffer over (detaches it), and the caller may read the same bytes again.
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      // pdfjs types its canvas as the DOM's; @napi-rs/canvas implements the same 2D context.
      await page.render({ canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      page.cleanup();
      yield greyFromRgba(data, canvas.width, canvas.height);
    }
  } finally {
    await doc.destroy();
  }
}

/** An image file (PNG, JPEG, TIFF, WebP) as grey. */
export async function imageFile(bytes: Uint8Array): Promise<GreyImage> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * info.channels]!;
  return { width: info.width, height: info.height, data: out };
}

export async function encodePng(img: GreyImage): Promise<Buffer> {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
}

export async function encodeJpeg(img: GreyImage, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } }).jpeg({ quality }).toBuffer();
}

export async function jpegRoundTrip(img: GreyImage, quality: number): Promise<GreyImage> {
  return imageFile(await encodeJpeg(img, quality));
}
