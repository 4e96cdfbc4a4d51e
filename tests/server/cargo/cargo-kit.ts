// What the cargo API tests share: multipart bodies built the way a browser builds them
// (FormData through a Request), and picture files made with sharp at test time.
import zlib from 'node:zlib';
import sharp from 'sharp';

export type Part = string | Blob;

/** A multipart/form-data body exactly as fetch would send it. */
export async function multipart(
  parts: [name: string, value: Part, filename?: string][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return { payload, headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

export function blob(bytes: Uint8Array | string, type: string): Blob {
  const data = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  return new Blob([data], { type });
}

export async function pngBytes(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera, a GPS position and orientation 6 (rotated 90°). */
export async function gpsJpegBytes(): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4636/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5574/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit black PNG of side × side pixels. 20000² is 400
 * megapixels (1.2 GB once decoded to RGB) in a file of about 50 KB. Built by hand because
 * encoding it with sharp takes tens of seconds.
 */
export function bombPngBytes(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(side / 8)); // filter byte 0, then all-black pixels
  const raw = Buffer.alloc(row.length * side);
  const pixels = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
