import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import { readReplayerState } from '#client/offline/sync-meta';
import { feedbackAction, applicationAction } from './support/actions.ts';
import { newDevice, reload } from './support/fake-db.ts';
import {
  startReplayServer,
  unreachableTransport,
  type ReplayServer,
} from './support/replay-server.ts';

describe('outbox while the server is unreachable', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  it('keeps every queued action across a reload and sends each once when back', async () => {
    const device = newDevice();
    let db = device.open();
    const actions = [feedbackAction(), applicationAction(), feedbackAction()];
    for (const action of actions) await enqueue(db, action);

    const offline = await drainOutbox({ db, transport: unreachableTransport() });
    expect(offline).toMatchObject({ sent: 0, rejected: 0, stop: 'transient' });
    expect(offline.retryAt).not.toBeNull();
    const before = await db.outbox.orderBy('seq').toArray();
    expect(before.map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
    expect(before[0]!.attempts).toBe(1);
    expect(before[0]!.lastError).toMatch(/Could not reach the server/);
    expect((await readReplayerState(db)).failures).toBe(1);

    db = reload(device, db);
    const after = await db.outbox.orderBy('seq').toArray();
    expect(after.map((r) => r.idempotencyKey)).toEqual(before.map((r) => r.idempotencyKey));
    expect(after.map((r) => r.payload)).toEqual(actions.map((a) => a.payload));

    const online = await drainOutbox({ db, transport: live.client.transport });
    expect(online).toMatchObject({ sent: 3, rejected: 0, stop: 'idle' });
    const done = await db.outbox.orderBy('seq').toArray();
    expect(done.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    expect(done.map((r) => r.verdict?.status)).toEqual([200, 200, 200]);
    for (const action of [actions[0]!, actions[2]!]) {
      const { content } = action.payload as { content: string };
      expect(await live.feedbackCount(content)).toBe(1);
    }
    expect(await readReplayerState(db)).toMatchObject({ failures: 0, nextAttemptAt: null });
    db.close();
  });

  it('does not stretch the back-off while the device knows it is offline', async () => {
    const db = newDevice().open();
    await enqueue(db, feedbackAction());
    vi.stubGlobal('navigator', { onLine: false });
    try {
      for (let i = 0; i < 3; i++) await drainOutbox({ db, transport: unreachableTransport() });
      expect((await readReplayerState(db)).failures).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
    await drainOutbox({ db, transport: unreachableTransport() });
    expect((await readReplayerState(db)).failures).toBe(2);
    db.close();
  });

  it('re-queues an action a closed page left "sending" and sends it with its key', async () => {
    const device = newDevice();
    let db = device.open();
    const action = feedbackAction();
    const seq = await enqueue(db, action);
    await db.outbox.update(seq, { status: 'sending', attempts: 1 });
    db = reload(device, db);
    const result = await drainOutbox({ db, transport: live.client.transport });
    expect(result.sent).toBe(1);
    expect((await db.outbox.get(seq))?.attempts).toBe(2);
    expect(await live.feedbackCount((action.payload as { content: string }).content)).toBe(1);
    db.close();
  });
});
