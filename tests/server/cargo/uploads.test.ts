// The upload rules of issue 6 item 2: the picture is judged by its bytes, bounded in bytes and
// pixels, and stored re-encoded without metadata.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARGO_ITEMS_PATH, cargoItemPath, cargoItemWriteReply } from '#shared/contracts/cargo';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCaller, useCallers } from '../callers.ts';
import { blob, bombPngBytes, gpsJpegBytes, multipart, pngBytes, type Part } from './cargo-kit.ts';

describe.each(testDialects())('cargo image uploads (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const admin = useCaller(useCallers(server), 'ADMIN');

  async function create(image: Part, filename: string, extra: [string, Part, string?][] = []) {
    const body = await multipart([
      ['data', JSON.stringify({ name: `Item ${randomUUID()}`, quantity: 1 })],
      ['image', image, filename],
      ...extra,
    ]);
    return server.app.inject({
      method: 'POST',
      url: CARGO_ITEMS_PATH,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  }

  async function imageCount(): Promise<number> {
    const rows = await server.app.ctx.opened.db.selectFrom('images').select('id').execute();
    return rows.length;
  }

  async function storedImage(id: string) {
    return server.app.ctx.opened.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  function expectRefused(res: { statusCode: number; json: () => unknown }, status: number) {
    expect(res.statusCode).toBe(status);
    const envelope = res.json() as { status: string; message: string };
    expect(envelope.status).toBe('error');
    expect(envelope.message.length).toBeGreaterThan(10);
  }

  it('refuses an HTML page renamed .png and an SVG with 415, storing nothing', async () => {
    const before = await imageCount();
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    expectRefused(await create(blob(html, 'image/png'), 'innocent.png'), 415);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expectRefused(await create(blob(svg, 'image/svg+xml'), 'logo.svg'), 415);
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    expectRefused(await create(blob(gif, 'image/gif'), 'a.gif'), 415);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a 6 MB file with 413', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    (await pngBytes(4, 4)).copy(big);
    const res = await create(blob(big, 'image/png'), 'big.png');
    expectRefused(res, 413);
    expect(res.json<{ message: string }>().message).toContain('5 MB');
  });

  it('refuses two images with 400', async () => {
    const png = blob(await pngBytes(8, 8), 'image/png');
    const res = await create(png, 'a.png', [['image', png, 'b.png']]);
    expectRefused(res, 400);
    const three = await create(png, 'a.png', [
      ['image', png, 'b.png'],
      ['extra', png, 'c.png'],
    ]);
    expect(three.statusCode).toBe(400);
  });

  it('refuses a decompression bomb (a small PNG declaring 20000×20000) with 413', async () => {
    const bomb = bombPngBytes(20_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const declared = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([declared.width, declared.height]).toEqual([20_000, 20_000]);
    const before = await imageCount();
    const res = await create(blob(bomb, 'image/png'), 'bomb.png');
    expectRefused(res, 413);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a damaged picture (right magic bytes, broken body) with 400', async () => {
    const png = await pngBytes(64, 64);
    const res = await create(blob(png.subarray(0, 40), 'image/png'), 'cut.png');
    expectRefused(res, 400);
  });

  it('stores a GPS-tagged JPEG re-encoded, upright, without any EXIF', async () => {
    const jpeg = await gpsJpegBytes();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(jpeg.includes('TestCam')).toBe(true);
    expect(original.orientation).toBe(6);
    const res = await create(blob(jpeg, 'image/jpeg'), 'IMG_0001.JPG');
    expect(res.statusCode, res.body).toBe(201);
    const imageId = cargoItemWriteReply.parse(res.json()).item.imageId!;
    const row = await storedImage(imageId);
    for (const bytes of [row.bytes, row.thumb_bytes]) {
      const stored = await sharp(bytes).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(Buffer.from(bytes).includes('TestCam')).toBe(false);
    }
    // Orientation 6 applied to the pixels: the 300×200 picture is now 200 wide, 300 high.
    expect([row.width, row.height]).toEqual([200, 300]);
    expect(row.content_type).toBe('image/webp');
  });

  it('accepts PNG and WebP whatever they are called, bounded to 1600 px and a 320 px thumbnail', async () => {
    const webp = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#0a0' },
    })
      .webp()
      .toBuffer();
    const res = await create(blob(webp, 'application/octet-stream'), 'picture.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const row = await storedImage(cargoItemWriteReply.parse(res.json()).item.imageId!);
    expect([row.width, row.height]).toEqual([1600, 800]);
    const thumb = await sharp(row.thumb_bytes).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([320, 160, 'webp']);

    const small = await create(blob(await pngBytes(30, 20), 'image/png'), 'x');
    const smallRow = await storedImage(cargoItemWriteReply.parse(small.json()).item.imageId!);
    expect([smallRow.width, smallRow.height]).toEqual([30, 20]);
  });

  it('replaces an item picture with PUT ?image and deletes the old image row', async () => {
    const created = await create(blob(await pngBytes(10, 10), 'image/png'), 'one.png');
    const item = cargoItemWriteReply.parse(created.json()).item;
    const body = await multipart([['image', blob(await pngBytes(12, 12), 'image/png'), 'two.png']]);
    const res = await server.app.inject({
      method: 'PUT',
      url: `${cargoItemPath(item.id)}?image`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = cargoItemWriteReply.parse(res.json()).item;
    expect(updated.imageId).not.toBe(item.imageId);
    expect({ ...updated, imageId: item.imageId }).toEqual(item);
    const old = await server.app.ctx.opened.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', item.imageId!)
      .execute();
    expect(old).toHaveLength(0);
    expect((await storedImage(updated.imageId!)).width).toBe(12);
  });

  it('keeps the old picture when the replacement is refused', async () => {
    const created = await create(blob(await pngBytes(10, 10), 'image/png'), 'one.png');
    const item = cargoItemWriteReply.parse(created.json()).item;
    const body = await multipart([['image', blob('<svg/>', 'image/svg+xml'), 'x.svg']]);
    const res = await server.app.inject({
      method: 'PUT',
      url: `${cargoItemPath(item.id)}?image`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expectRefused(res, 415);
    expect((await storedImage(item.imageId!)).id).toBe(item.imageId);
  });
});

describe('cargo uploads over real HTTP (sqlite)', () => {
  const server = useTestServer('sqlite', {}, { listen: true });
  const admin = useCaller(useCallers(server), 'ADMIN');

  it('answers an oversized upload with its 413 envelope, then serves the next request', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify({ name: 'Big', quantity: 1 }));
    form.append('image', blob(Buffer.alloc(6 * 1024 * 1024, 1), 'image/png'), 'big.png');
    const res = await fetch(`${server.baseUrl}${CARGO_ITEMS_PATH}`, {
      method: 'POST',
      headers: admin.headers,
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error', error: 'PAYLOAD_TOO_LARGE' });

    const ok = new FormData();
    ok.append('data', JSON.stringify({ name: 'Small', quantity: 1 }));
    ok.append('image', blob(await pngBytes(16, 16), 'image/png'), 'small.png');
    const next = await fetch(`${server.baseUrl}${CARGO_ITEMS_PATH}`, {
      method: 'POST',
      headers: admin.headers,
      body: ok,
    });
    expect(next.status).toBe(201);
  });
});
