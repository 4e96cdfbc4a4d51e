// The built app's text files go out as the build's Brotli / gzip copies (vite.config.ts
// precompress, plugins/static-app.ts preCompressed) when the browser accepts them, and as
// they are otherwise; the caching rules stay the same either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/build-app.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${'<p>x</p>'.repeat(200)}</body></html>`;

/** A build folder as vite writes it: each text file with its .br and .gz copies. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = { 'index.html': PAGE, 'assets/app-Ab12.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
    fs.writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
  }
  return dir;
}

describe('precompressed static files', () => {
  const staticDir = fakeBuild();
  const server = useTestServer('sqlite', { staticDir });
  afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the Brotli copy of a hashed script to a browser that accepts it', async () => {
    const res = await get('/assets/app-Ab12.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when Brotli is not accepted', async () => {
    const res = await get('/assets/app-Ab12.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-Ab12.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(SCRIPT);
  });

  it('compresses the app page served for a client route, still revalidated', async () => {
    const res = await get('/orderhistory', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });
});
