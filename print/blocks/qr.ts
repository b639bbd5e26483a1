import QRCode from 'qrcode';
import { rgb, type PDFPage } from 'pdf-lib';

export interface QrBlockOptions {
  x: number;
  /** Bottom edge in PDF coordinates. */
  y: number;
  size: number;
  /** Quiet zone in modules (the QR standard asks for 4). */
  margin?: number;
}

/**
 * Draws a QR code as vector squares (no raster image): sharp at any print resolution and
 * small in the file. Adjacent dark modules in a row are merged into one rectangle.
 */
export function drawQrCode(page: PDFPage, text: string, { x, y, size, margin = 4 }: QrBlockOptions): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + margin * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && runStart < 0) runStart = col;
      if (!dark && runStart >= 0) {
        page.drawRectangle({
          x: x + (margin + runStart) * cell,
          y: y + size - (margin + row + 1) * cell,
          width: (col - runStart) * cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
        runStart = -1;
      }
    }
  }
}
