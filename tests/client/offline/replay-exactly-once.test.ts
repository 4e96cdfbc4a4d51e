import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('replay sends each action exactly once', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  it('when the reply is lost after the server committed, the retry gets the same answer', async () => {
    const db = newDevice().open();
    const action = feedbackAction();
    const content = (action.payload as { content: string }).content;
    const seq = await enqueue(db, action);
    const sentKeys: (string | undefined)[] = [];
    let loseNextReply = true;
    const lossy: OutboxTransport = async (request) => {
      sentKeys.push(request.idempotencyKey);
      const reply = await live.client.transport(request);
      if (loseNextReply) {
        loseNextReply = false;
        throw new TypeError('fetch failed: socket hang up');
      }
      return reply;
    };

    expect((await drainOutbox({ db, transport: lossy })).stop).toBe('transient');
    expect(await live.feedbackCount(content)).toBe(1); // the server did commit
    expect((await db.outbox.get(seq))?.status).toBe('queued');

    expect((await drainOutbox({ db, transport: lossy })).sent).toBe(1);
    expect(await live.feedbackCount(content)).toBe(1);
    const row = await db.outbox.get(seq);
    expect(sentKeys).toEqual([row?.idempotencyKey, row?.idempotencyKey]);
    const stored = await live.server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', content)
      .executeTakeFirstOrThrow();
    expect(row?.verdict).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'success', id: stored.id }) as unknown,
    });
    db.close();
  });

  it('re-handshakes when the secure session expires mid-replay and loses nothing', async () => {
    const db = newDevice().open();
    const actions = Array.from({ length: 6 }, () => feedbackAction());
    for (const action of actions) await enqueue(db, action);
    const serverDb = live.server.app.ctx.opened.db;
    let sent = 0;
    const expiring: OutboxTransport = async (request) => {
      sent += 1;
      // The server forgets every secure session after the third action went through.
      if (sent === 4) await serverDb.deleteFrom('secure_sessions').execute();
      return live.client.transport(request);
    };
    const handshakesBefore = live.client.stats.handshakes;
    const requestsBefore = live.client.stats.requests;

    // One at a time, so exactly one request meets the expired session.
    const result = await drainOutbox({ db, transport: expiring, concurrency: 1 });

    expect(result).toMatchObject({ sent: 6, rejected: 0, stop: 'idle' });
    expect(live.client.stats.handshakes - handshakesBefore).toBe(1);
    // One refused by SESSION_EXPIRED, resent once after the new handshake.
    expect(live.client.stats.requests - requestsBefore).toBe(7);
    for (const action of actions) {
      expect(await live.feedbackCount((action.payload as { content: string }).content)).toBe(1);
    }
    db.close();
  });
});
