import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';

describe.each(testDialects())('health and envelope (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers success once the database is reachable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers, CSP to the letter, on success and error replies', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;connect-src 'self';font-src 'self';worker-src 'self';" +
        "manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
        "frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const replies = [
      await server.app.inject({ method: 'GET', url: '/api/health' }),
      await server.app.inject({ method: 'GET', url: '/api/nope' }),
      await server.app.inject({ method: 'GET', url: '/api/orders/all' }),
      await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      }),
    ];
    expect(replies.map((res) => res.statusCode)).toEqual([200, 404, 401, 403]);
    for (const res of replies) {
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers an unknown /api path with a 404 envelope, never index.html', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
  });

  it('refuses cross-site requests', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    const foreign = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
