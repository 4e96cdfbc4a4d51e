import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARGO_ITEMS_PATH, cargoImagePath, cargoItemWriteReply } from '#shared/contracts/cargo';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCaller, useCallers } from '../callers.ts';
import { blob, multipart, pngBytes } from './cargo-kit.ts';

describe.each(testDialects())('GET /api/cargo/images/{imageId} (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const callers = useCallers(server, { forgedAdmin: true });
  const admin = useCaller(callers, 'ADMIN');
  let imageId: string;
  beforeAll(async () => {
    const body = await multipart([
      ['data', JSON.stringify({ name: 'Blankets', quantity: 5 })],
      ['image', blob(await pngBytes(900, 600), 'image/png'), 'blankets.png'],
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: CARGO_ITEMS_PATH,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    imageId = cargoItemWriteReply.parse(res.json()).item.imageId!;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('serves the stored picture with its type, nosniff, a year of immutable caching and an ETag', async () => {
    const res = await get(cargoImagePath(imageId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toEqual(expect.stringMatching(/^".+"$/));
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 900, 600]);
  });

  it('serves the thumbnail at ?thumb=1 and at /thumb, with its own ETag', async () => {
    const full = await get(cargoImagePath(imageId));
    for (const url of [cargoImagePath(imageId, 'thumb'), `${cargoImagePath(imageId)}/thumb`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers.etag).not.toBe(full.headers.etag);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([320, 213]);
    }
  });

  it('answers 304 without a body to a client holding the same ETag', async () => {
    const first = await get(cargoImagePath(imageId));
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(cargoImagePath(imageId), { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await get(cargoImagePath(imageId), { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    const thumbFromFull = await get(cargoImagePath(imageId, 'thumb'), { 'if-none-match': etag });
    expect(thumbFromFull.statusCode).toBe(200);
  });

  it('is public to every caller (a forged Admin-Username is still a 403)', async () => {
    for (const caller of callers) {
      const res = await get(cargoImagePath(imageId), caller.headers);
      expect(res.statusCode, caller.label).toBe(
        caller.label === 'forged-admin-username' ? 403 : 200,
      );
    }
  });

  it('answers an unknown or malformed id with a 404 envelope that is not cached', async () => {
    for (const id of [randomUUID(), 'no such image', '../../etc/passwd', 'x'.repeat(65)]) {
      for (const url of [cargoImagePath(id), cargoImagePath(id, 'thumb')]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
        expect(res.headers['cache-control']).toBeUndefined();
      }
    }
    const unknownWithEtag = await get(cargoImagePath(randomUUID()), { 'if-none-match': '*' });
    expect(unknownWithEtag.statusCode).toBe(404);
  });
});
