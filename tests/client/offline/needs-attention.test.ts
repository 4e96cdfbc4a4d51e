import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRejected, enqueue, retryRejected } from '#client/offline/outbox';
import { mirrorRow } from '#client/offline/mirror';
import { drainOutbox } from '#client/offline/replayer';
import { DUPLICATE_APPLICATION_MESSAGE } from '#server/applications/applications.service';
import { applicationAction, feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('a refused action (409)', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  async function applyDirectly(email: string): Promise<void> {
    const action = applicationAction(email);
    const reply = await live.client.transport({
      method: action.method,
      path: action.path,
      body: action.payload,
    });
    expect(reply.status).toBe(200);
  }

  it('lands in Needs attention with the server message, undoes its local change, and Discard removes it', async () => {
    const db = newDevice().open();
    const email = `dup-${Date.now()}@example.org`;
    await applyDirectly(email);
    const optimistic = mirrorRow('myOrders', 'local-1', { note: 'shown while queued' });
    const seq = await enqueue(db, {
      ...applicationAction(email),
      changes: [{ table: 'myOrders', key: optimistic.key, row: optimistic }],
    });
    expect(await db.myOrders.get(optimistic.key)).toBeDefined();

    const result = await drainOutbox({ db, transport: live.client.transport });

    expect(result).toMatchObject({ sent: 0, rejected: 1, stop: 'idle' });
    const row = await db.outbox.get(seq);
    expect(row).toMatchObject({ status: 'rejected', lastError: DUPLICATE_APPLICATION_MESSAGE });
    expect(row?.verdict?.status).toBe(409);
    expect(await db.myOrders.get(optimistic.key)).toBeUndefined();

    await discardRejected(db, seq);
    expect(await db.outbox.get(seq)).toBeUndefined();
    expect(await db.myOrders.get(optimistic.key)).toBeUndefined();
    db.close();
  });

  it('Retry makes the change again and sends it with a new key once the conflict is gone', async () => {
    const db = newDevice().open();
    const email = `retry-${Date.now()}@example.org`;
    await applyDirectly(email);
    const optimistic = mirrorRow('myOrders', 'local-2', { note: 'again' });
    const seq = await enqueue(db, {
      ...applicationAction(email),
      changes: [{ table: 'myOrders', key: optimistic.key, row: optimistic }],
    });
    await drainOutbox({ db, transport: live.client.transport });
    const firstKey = (await db.outbox.get(seq))?.idempotencyKey;

    // An admin decides the pending application; a new one is welcome now.
    await live.server.app.ctx.opened.db
      .updateTable('volunteer_applications')
      .set({ status: 'REJECTED' })
      .where('email', '=', email)
      .execute();
    await retryRejected(db, seq);
    const retried = await db.outbox.get(seq);
    expect(retried?.status).toBe('queued');
    expect(retried?.idempotencyKey).not.toBe(firstKey);
    expect(await db.myOrders.get(optimistic.key)).toBeDefined();

    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    expect((await db.outbox.get(seq))?.status).toBe('done');
    db.close();
  });

  it('holds later actions on the same entity behind it, and lets others through', async () => {
    const db = newDevice().open();
    const email = `order-${Date.now()}@example.org`;
    await applyDirectly(email);
    const refused = await enqueue(db, { ...applicationAction(email), entityKey: 'entity:a' });
    const held = await enqueue(db, { ...feedbackAction(), entityKey: 'entity:a' });
    const other = await enqueue(db, feedbackAction());

    const first = await drainOutbox({ db, transport: live.client.transport });
    expect(first).toMatchObject({ sent: 1, rejected: 1 });
    expect((await db.outbox.get(refused))?.status).toBe('rejected');
    expect((await db.outbox.get(held))?.status).toBe('queued');
    expect((await db.outbox.get(other))?.status).toBe('done');

    await discardRejected(db, refused);
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    expect((await db.outbox.get(held))?.status).toBe('done');
    db.close();
  });
});
