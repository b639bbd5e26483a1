/**
 * One contract for every file the server renders (report PDFs and workbooks, code lists, paper forms, award
 * certificates and badges): a name, a content type and the bytes, sent as an attachment.
 */
import type { Response } from 'express';

export interface RenderedFile {
  filename: string;
  contentType: string;
  body: Uint8Array;
}

/** A rendered file as a download (Content-Length, attachment with its name). */
export function sendFile(res: Response, file: RenderedFile, headers: Record<string, string> = {}): void {
  res.set({ 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Content-Length': String(file.body.byteLength), ...headers });
  res.end(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
}

const CHUNK = 256 * 1024;

/**
 * A large rendered file (the paper forms), written in chunks with Content-Length, honouring backpressure, so the
 * browser can show real download progress.
 */
export async function streamFile(res: Response, file: RenderedFile, headers: Record<string, string> = {}): Promise<void> {
  const { body } = file;
  res.set({ 'Content-Type': file.contentType, 'Content-Length': String(body.length), 'Content-Disposition': `attachment; filename="${file.filename}"`, ...headers });
  for (let at = 0; at < body.length && !res.destroyed; at += CHUNK) {
    if (!res.write(body.subarray(at, at + CHUNK))) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}
