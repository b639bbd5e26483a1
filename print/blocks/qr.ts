import QRCode from 'qrcode';
import {
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFNumber,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  type PDFPage,
} from 'pdf-lib';

export interface QrBlockOptions {
  x: number;
  /** Bottom edge in PDF coordinates. */
  y: number;
  size: number;
  /** Quiet zone in modules (the QR standard asks for 4). */
  margin?: number;
}

const n = (v: number) => PDFNumber.of(Math.round(v * 1000) / 1000);

/**
 * Draws a QR code as vector squares (no raster image): sharp at any print resolution and
 * small in the file. Adjacent dark modules in a row are merged into one rectangle, and all
 * rectangles go into a single path filled once, which keeps large batches fast and small.
 */
export function drawQrCode(page: PDFPage, text: string, { x, y, size, margin = 4 }: QrBlockOptions): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + margin * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(rgb(0, 0, 0))];
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && runStart < 0) runStart = col;
      if (!dark && runStart >= 0) {
        ops.push(
          PDFOperator.of(Ops.AppendRectangle, [
            n(x + (margin + runStart) * cell),
            n(y + size - (margin + row + 1) * cell),
            n((col - runStart) * cell),
            n(cell),
          ]),
        );
        runStart = -1;
      }
    }
  }
  ops.push(PDFOperator.of(Ops.FillNonZero), popGraphicsState());
  page.pushOperators(...ops);
}
