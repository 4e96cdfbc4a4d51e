// beyond-spec.md "Cheap refusals": an encrypted request its caller may not make is refused
// before its body is opened and stores nothing; a secure session takes at most 10,000 messages.
import { describe, expect, it } from 'vitest';
import { encryptJson, type SecureSession } from '#shared/secure-channel/index';
import { ADMIN_USER_PATHS } from '#shared/contracts/admin-users';
import { SECURE_SESSION_MAX_MESSAGES } from '#server/security/secure-sessions.repository';
import { testDialects, useTestServer, type TestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { handshake, ivRows, openReply, sendEncrypted } from './secure-client.ts';

const ADMIN_ROUTE = ADMIN_USER_PATHS.create;
/** beyond-spec.md: a secure session accepts at most 10,000 messages. */
const CAP = 10_000;
const FEEDBACK = '/api/feedback/submit';
const newUser = {
  username: 'Squatter',
  email: 'squat@example.org',
  phone: '5550001111',
  role: 'ADMIN',
};

async function messageCount(server: TestServer, session: SecureSession): Promise<number> {
  const row = await server.app.ctx.opened.db
    .selectFrom('secure_sessions')
    .select('message_count')
    .where('id', '=', session.sessionId)
    .executeTakeFirstOrThrow();
  return row.message_count;
}

async function setMessageCount(server: TestServer, session: SecureSession, count: number) {
  await server.app.ctx.opened.db
    .updateTable('secure_sessions')
    .set({ message_count: count })
    .where('id', '=', session.sessionId)
    .execute();
}

function feedback(content: string) {
  return { name: 'Sam', phoneNumber: '5550001111', content };
}

describe.each(testDialects())('cheap refusals (%s)', (dialect) => {
  // Feedback is rate limited per address: scaled up so the cap tests can send a few.
  const server = useTestServer(dialect, { rateLimitScale: 100 });

  it('refuses 3,000 anonymous encrypted requests to an admin route, storing nothing', async () => {
    const session = await handshake(server);
    const FLOOD = 3000;
    const BATCH = 100;
    for (let start = 0; start < FLOOD; start += BATCH) {
      const replies = await Promise.all(
        Array.from({ length: BATCH }, async () =>
          sendEncrypted(server, session, { method: 'POST', url: ADMIN_ROUTE, body: newUser }),
        ),
      );
      for (const res of replies) expect(res.statusCode).toBe(401);
      if (start === 0) {
        // The refusal is today's: encrypted, like every reply to an encrypted request.
        expect(await openReply(session, replies[0]!)).toMatchObject({
          status: 'error',
          error: 'UNAUTHORIZED',
        });
      }
    }
    expect(await ivRows(server, session)).toBe(0);
    expect(await messageCount(server, session)).toBe(0);
  });

  it('refuses a signed-in caller of the wrong role before the body: 403, encrypted, nothing stored', async () => {
    const client = await createSignedInUser(server.app.ctx.opened.db, { role: 'CLIENT' });
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: ADMIN_ROUTE,
      body: newUser,
      headers: { cookie: client.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(await openReply(session, res)).toMatchObject({ status: 'error', error: 'FORBIDDEN' });
    expect(await ivRows(server, session)).toBe(0);
  });

  it('never opens the body of a refused request: garbage is refused as the caller, not as a bad body', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: ADMIN_ROUTE,
      raw: 'this is not a sealed message at all',
    });
    expect(res.statusCode).toBe(401);
    expect(await openReply(session, res)).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('answers an unknown route 404 (encrypted) and stores nothing', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/no/such/route',
      body: newUser,
    });
    expect(res.statusCode).toBe(404);
    expect(await openReply(session, res)).toMatchObject({ error: 'NOT_FOUND' });
    expect(await ivRows(server, session)).toBe(0);
  });

  it('still takes what the caller may send: the message counts and its IV is kept', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback('allowed'),
    });
    expect(res.statusCode).toBe(200);
    expect(await ivRows(server, session)).toBe(1);
    expect(await messageCount(server, session)).toBe(1);
  });

  it('caps a secure session at 10,000 messages, then says SESSION_EXPIRED', async () => {
    expect(SECURE_SESSION_MAX_MESSAGES).toBe(CAP);
    const session = await handshake(server);
    await setMessageCount(server, session, CAP - 1);
    const last = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback('the 10,000th'),
    });
    expect(last.statusCode).toBe(200);
    expect(await messageCount(server, session)).toBe(CAP);

    const over = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback('the 10,001st'),
    });
    // Plain, as for any unknown or expired session: the client re-handshakes and retries.
    expect(over.statusCode).toBe(401);
    expect(String(over.headers['content-type'])).toMatch(/^application\/json/);
    expect(over.json()).toMatchObject({ status: 'error', error: 'SESSION_EXPIRED' });
    const used = await sendEncrypted(server, session, { method: 'GET', url: '/api/health' });
    expect(used.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
    expect(await messageCount(server, session)).toBe(CAP);
    expect(await ivRows(server, session)).toBe(1);

    const fresh = await handshake(server);
    const retried = await sendEncrypted(server, fresh, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback('the 10,001st'),
    });
    expect(retried.statusCode).toBe(200);
  });

  it('lets exactly one of racing messages take the last place', async () => {
    const session = await handshake(server);
    await setMessageCount(server, session, CAP - 1);
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        encryptJson(session.key, feedback(`racer ${String(i)}`)),
      ),
    );
    const replies = await Promise.all(
      bodies.map(async (raw) =>
        sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await messageCount(server, session)).toBe(CAP);
  });

  it('does not count a replayed message', async () => {
    const session = await handshake(server);
    const raw = await encryptJson(session.key, feedback('once'));
    expect(
      (await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw })).statusCode,
    ).toBe(200);
    const again = await sendEncrypted(server, session, { method: 'POST', url: FEEDBACK, raw });
    expect(again.statusCode).toBe(400);
    expect(await messageCount(server, session)).toBe(1);
  });
});
