import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (RGBA, `width` x `height`) with a dark diagonal stroke on transparency: what a signature canvas exports. */
export function signaturePng(width = 120, height = 40): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const on = Math.abs(Math.round((x * height) / width) - y) <= 1;
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = 16;
      raw[o + 1] = 33;
      raw[o + 2] = 30;
      raw[o + 3] = on ? 255 : 0;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const signatureDataUrl = (width?: number, height?: number): string => `data:image/png;base64,${signaturePng(width, height).toString('base64')}`;
