import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkLogo, checkPhoto, imageInfoFromBytes, readImageInfo } from './image-checks';

function crc32(buf: Uint8Array): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A minimal JPEG header: SOI, an APP0 segment, then SOF0 with the dimensions. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

describe('imageInfoFromBytes', () => {
  it('reads PNG and JPEG dimensions from the header', () => {
    expect(imageInfoFromBytes(png(300, 100))).toEqual({ type: 'image/png', width: 300, height: 100 });
    expect(imageInfoFromBytes(jpeg(464, 160))).toEqual({ type: 'image/jpeg', width: 464, height: 160 });
  });

  it('refuses other content whatever the file name says', () => {
    expect(imageInfoFromBytes(new TextEncoder().encode('GIF89a........................'))).toBeNull();
    expect(imageInfoFromBytes(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(imageInfoFromBytes(new Uint8Array())).toBeNull();
  });

  it('reads a File', async () => {
    const file = new File([png(232, 80) as BlobPart], 'logo.png', { type: 'image/png' });
    expect(await readImageInfo(file)).toEqual({ type: 'image/png', width: 232, height: 80 });
  });
});

describe('checkLogo (LOGO_RULES)', () => {
  const info = (width: number, height: number) => ({ type: 'image/png' as const, width, height });
  it('accepts the corners of the allowed range', () => {
    expect(checkLogo(info(232, 80), 1000).ok).toBe(true);
    expect(checkLogo(info(464, 160), 1000).ok).toBe(true);
  });
  it('refuses sizes outside the range', () => {
    for (const [w, h] of [
      [231, 80],
      [232, 79],
      [465, 160],
      [464, 161],
      [100, 100],
    ] as const) {
      expect(checkLogo(info(w, h), 1000)).toEqual({ ok: false, code: 'image-dimensions' });
    }
  });
  it('refuses more than 2 MB before looking at the dimensions, and non-images first of all', () => {
    expect(checkLogo(info(100, 100), 2 * 1024 * 1024 + 1)).toEqual({ ok: false, code: 'image-too-big' });
    expect(checkLogo(info(300, 100), 2 * 1024 * 1024)).toEqual({ ok: true, info: info(300, 100) });
    expect(checkLogo(null, 10)).toEqual({ ok: false, code: 'image-type' });
  });
});

describe('checkPhoto (PHOTO_RULES)', () => {
  const info = (width: number, height: number) => ({ type: 'image/jpeg' as const, width, height });
  it('wants a square of at least 200 px, one pixel of slack', () => {
    expect(checkPhoto(info(400, 400), 1000).ok).toBe(true);
    expect(checkPhoto(info(401, 400), 1000).ok).toBe(true);
    expect(checkPhoto(info(400, 300), 1000)).toEqual({ ok: false, code: 'photo-ratio' });
    expect(checkPhoto(info(150, 150), 1000)).toEqual({ ok: false, code: 'image-dimensions' });
    expect(checkPhoto(info(400, 400), 3 * 1024 * 1024)).toEqual({ ok: false, code: 'image-too-big' });
  });
});
