import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';

describe.each(testDialects())('NUL characters in input (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('refuses a NUL in a body string with a 400 and stores nothing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/feedback/submit',
      payload: { name: 'a', phoneNumber: '5551234567', content: 'hello\u0000world' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      error: 'BAD_REQUEST',
      message: 'content: must not contain NUL characters',
    });
    const rows = await server.app.ctx.opened.db.selectFrom('feedback').select('id').execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses a NUL in a nested key or query value', async () => {
    const nested = await server.app.inject({
      method: 'POST',
      url: '/api/feedback/submit',
      payload: { name: 'a', phoneNumber: '5551234567', content: 'x', extra: { 'k\u0000': 1 } },
    });
    expect(nested.statusCode).toBe(400);
    const query = await server.app.inject({ method: 'GET', url: '/api/cargo/items?x=%00' });
    expect(query.statusCode).toBe(400);
  });
});
