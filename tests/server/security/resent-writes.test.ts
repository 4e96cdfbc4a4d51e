// A balancer (deploy/nginx-cluster.conf: proxy_next_upstream … non_idempotent) resends the very
// sealed bytes of a write to another process when the first died or closed mid-request. The
// first may have recorded the message's IV already (before its route ran), so the resend is a
// replayed IV: on an idempotent write carrying an Idempotency-Key it is answered from the key
// (found by tests/cluster's SIGKILL run: 1–5 writes per kill came back 400 "replayed IV"),
// anywhere else it is still refused. Its own file: these feedback posts count toward the
// per-address feedback limit the other channel tests also spend.
import { describe, expect, it } from 'vitest';
import { encryptText } from '#shared/secure-channel/index';
import { recordMessage } from '#server/security/secure-sessions.repository';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  expectPlainError,
  FEEDBACK,
  feedback,
  handshake,
  openReply,
  sendEncrypted,
} from './secure-client.ts';

describe.each(testDialects())('a resent sealed write (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers a resent keyed write from its Idempotency-Key (a balancer retrying it), once', async () => {
    const session = await handshake(server);
    const raw = await encryptText(session.key, JSON.stringify({ ...feedback, content: 'resent' }));
    const headers = { 'idempotency-key': 'resent-write-0001' };
    const call = { method: 'POST' as const, url: FEEDBACK, raw, headers };
    const first = await sendEncrypted(server, session, call);
    const resent = await sendEncrypted(server, session, call);
    expect(first.statusCode).toBe(200);
    expect(resent.statusCode).toBe(200);
    expect(await openReply(session, resent)).toEqual(await openReply(session, first));
    const rows = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', 'resent')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('makes a resent keyed write once when the first process recorded its IV and died', async () => {
    const session = await handshake(server);
    const raw = await encryptText(session.key, JSON.stringify({ ...feedback, content: 'died' }));
    const headers = { 'idempotency-key': 'resent-write-0002' };
    // The first attempt got as far as recording the IV (before the route runs), then died.
    const iv = Buffer.from(raw, 'base64').subarray(0, 12).toString('base64');
    const db = server.app.ctx.opened.db;
    expect(await recordMessage(db, session.sessionId, iv, new Date())).toBe('recorded');
    const resent = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      raw,
      headers,
    });
    expect(resent.statusCode).toBe(200);
    const rows = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', 'died')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('still refuses a replayed IV on a route that is not an idempotent write', async () => {
    const session = await handshake(server);
    const raw = await encryptText(
      session.key,
      JSON.stringify({ username: 'nobody', password: 'x' }),
    );
    const call = {
      method: 'POST' as const,
      url: '/api/auth/login',
      raw,
      headers: { 'idempotency-key': 'resent-login-0001' },
    };
    await sendEncrypted(server, session, call);
    expectPlainError(await sendEncrypted(server, session, call), 400, 'BAD_REQUEST');
  });
});
