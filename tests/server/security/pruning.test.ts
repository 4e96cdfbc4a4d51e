import { describe, expect, it } from 'vitest';
import { encryptJson } from '#shared/secure-channel/index';
import { deleteExpiredSessions } from '#server/security/secure-sessions.repository';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { handshake, sendEncrypted } from './secure-client.ts';

describe.each(testDialects())('pruning secure sessions (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('removes expired and idle sessions with their IVs, and keeps live ones', async () => {
    const db = server.app.ctx.opened.db;
    const [expired, idle, live] = [
      await handshake(server),
      await handshake(server),
      await handshake(server),
    ];
    for (const session of [expired, idle, live]) {
      const raw = await encryptJson(session.key, {
        name: 'x',
        phoneNumber: '5550001111',
        content: 'hi',
      });
      const res = await sendEncrypted(server, session, {
        method: 'POST',
        url: '/api/feedback/submit',
        raw,
      });
      expect(res.statusCode).toBe(200);
    }
    const past = new Date(Date.now() - 1000).toISOString();
    await db
      .updateTable('secure_sessions')
      .set({ expires_at: past })
      .where('id', '=', expired.sessionId)
      .execute();
    const longAgo = new Date(Date.now() - 3 * server.config.secureSessionIdleMs).toISOString();
    await db
      .updateTable('secure_sessions')
      .set({ last_used_at: longAgo })
      .where('id', '=', idle.sessionId)
      .execute();

    await deleteExpiredSessions(db, new Date(), server.config.secureSessionIdleMs);

    const ids = [expired.sessionId, idle.sessionId, live.sessionId];
    const sessions = await db
      .selectFrom('secure_sessions')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    const ivs = await db
      .selectFrom('secure_session_ivs')
      .select('session_id')
      .where('session_id', 'in', ids)
      .execute();
    expect(ivs.map((r) => r.session_id)).toEqual([live.sessionId]);
  });
});
