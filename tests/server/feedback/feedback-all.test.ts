// GET /api/feedback/all: every message with the spec's fields, newest first.
import { describe, expect, it } from 'vitest';
import type { FeedbackAllReply } from '#shared/contracts/admin-feedback';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('GET /api/feedback/all (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });

  it('lists feedback newest first with id, name, phoneNumber, content and createdAt', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const client = await createSignedInUser(db);
    const empty = await call(server.app, 'GET', '/api/feedback/all', { as: admin });
    expect(empty.json()).toEqual({ status: 'success', data: [] });

    const sent: number[] = [];
    for (const [sender, content] of [
      [client, 'First'],
      [undefined, 'Second'],
      [client, 'Third'],
    ] as const) {
      const res = await call(server.app, 'POST', '/api/feedback/submit', {
        body: { name: 'Visitor', phoneNumber: '5551112222', content },
        as: sender,
      });
      sent.push(res.json<{ id: number }>().id);
    }
    const res = await call(server.app, 'GET', '/api/feedback/all', {
      as: admin,
      headers: { 'admin-username': admin.username, 'authentication-status': 'true' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<FeedbackAllReply>();
    expect(data.map((f) => f.content)).toEqual(['Third', 'Second', 'First']);
    expect(data[1]).toEqual({
      id: sent[1],
      name: 'Visitor',
      signedIn: false,
      username: null,
      phoneNumber: '5551112222',
      content: 'Second',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    expect(data[0]).toMatchObject({
      name: client.username,
      signedIn: true,
      username: client.username,
    });
  });
});
