import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import { awaitOutcome } from '#client/offline/outcome';
import { createReplayer, type LockRunner } from '#client/offline/replayer-scheduler';
import { drainOutbox, type DrainResult } from '#client/offline/replayer';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { applicationAction, feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import {
  startReplayServer,
  unreachableTransport,
  type ReplayServer,
} from './support/replay-server.ts';

describe('replayer scheduling and what a form is told', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  it('a form learns the server’s answer when the network is there', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, applicationAction());
    const outcome = awaitOutcome(db, seq, 10_000);
    await drainOutbox({ db, transport: live.client.transport });
    const result = await outcome;
    expect(result.kind).toBe('sent');
    if (result.kind === 'sent') {
      expect(result.verdict.body).toMatchObject({ status: 'success' });
    }
    db.close();
  });

  it('a form is told "queued" when the server cannot be reached, and "rejected" on a refusal', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, feedbackAction());
    const queued = awaitOutcome(db, seq, 10_000);
    await drainOutbox({ db, transport: unreachableTransport() });
    expect(await queued).toEqual({ kind: 'queued' });

    const bad = await enqueue(db, {
      ...feedbackAction(),
      payload: { phoneNumber: '1', content: ' ' },
    });
    const refused = awaitOutcome(db, bad, 10_000);
    await drainOutbox({ db, transport: live.client.transport });
    expect(await refused).toMatchObject({
      kind: 'rejected',
      message: 'Feedback content cannot be empty.',
    });
    db.close();
  });

  it('a form is told "queued" even when the first attempt failed before it looked', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, feedbackAction());
    await drainOutbox({ db, transport: unreachableTransport() });
    expect((await db.outbox.get(seq))?.attempts).toBe(1);
    // Without this, the form would wait out its whole timeout (here the test's).
    expect(await awaitOutcome(db, seq, 600_000)).toEqual({ kind: 'queued' });
    await db.outbox.clear();
    db.close();
  });

  it('runs one pass at a time: kicks during a pass join it and ask for one more', async () => {
    const db = newDevice().open();
    let passes = 0;
    let overlapping = 0;
    let maxOverlapping = 0;
    const lock: LockRunner = async (_name, work) => {
      passes += 1;
      overlapping += 1;
      maxOverlapping = Math.max(maxOverlapping, overlapping);
      try {
        return await work();
      } finally {
        overlapping -= 1;
      }
    };
    const replayer = createReplayer({ db, transport: live.client.transport, lock });
    for (let i = 0; i < 5; i += 1) await enqueue(db, feedbackAction());
    const first = replayer.kick('start');
    const second = replayer.kick('enqueued');
    await enqueue(db, feedbackAction());
    const third = replayer.kick('enqueued');
    expect(second).toBe(first);
    expect(third).toBe(first);
    await first;
    expect(maxOverlapping).toBe(1);
    expect(passes).toBe(2);
    expect(await db.outbox.where('status').equals('done').count()).toBe(6);
    db.close();
  });

  it('retries on a timer after a failure, but not while the device knows it is offline', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (const onLine of [true, false]) {
      vi.stubGlobal('navigator', { onLine });
      const db = newDevice().open();
      let calls = 0;
      const unreachable = unreachableTransport();
      const counting: OutboxTransport = () => {
        calls += 1;
        return unreachable();
      };
      // random 0: the first back-off is 500 ms.
      const replayer = createReplayer({ db, transport: counting, random: () => 0 });
      await enqueue(db, feedbackAction());
      expect((await replayer.kick('start')).stop).toBe('transient');
      await sleep(1_500);
      // Online: retried at 500 ms (and maybe again at 1.5 s); offline: only the first try.
      if (onLine) expect(calls).toBeGreaterThan(1);
      else expect(calls).toBe(1);
      await db.outbox.clear();
      await sleep(1_000); // let a pending retry find the outbox empty before the next device
      db.close();
    }
    vi.unstubAllGlobals();
  });

  it('timer wake-ups wait out the back-off; coming online does not', async () => {
    const db = newDevice().open();
    let down = true;
    let calls = 0;
    const flaky: OutboxTransport = async (request) => {
      calls += 1;
      if (down) throw new TypeError('fetch failed');
      return live.client.transport(request);
    };
    const replayer = createReplayer({ db, transport: flaky });
    await enqueue(db, feedbackAction());
    expect((await replayer.kick('start')).stop).toBe('transient');
    expect(calls).toBe(1);
    expect((await replayer.kick('timer')).stop).toBe('backoff');
    expect(calls).toBe(1);
    down = false;
    expect((await replayer.kick('online')).sent).toBe(1);
    const stop = replayer.start();
    await replayer.kick('timer'); // joins the start pass
    stop();
    db.close();
  });

  it('coming online while a failing attempt is still under way sends at once after it', async () => {
    const db = newDevice().open();
    let down = true;
    let calls = 0;
    let failNow: (() => void) | undefined;
    const slowToFail: OutboxTransport = async (request) => {
      calls += 1;
      if (down) {
        // A request on a dead network that takes its time to fail.
        await new Promise<void>((resolve) => (failNow = resolve));
        throw new TypeError('fetch failed');
      }
      return live.client.transport(request);
    };
    const replayer = createReplayer({ db, transport: slowToFail });
    await enqueue(db, feedbackAction());
    const first = replayer.kick('start');
    await vi.waitFor(() => expect(failNow).toBeDefined());
    down = false;
    // The network is back while the first attempt has not failed yet: 'online' joins it.
    expect(replayer.kick('online')).toBe(first);
    failNow?.();
    const result = await first;
    expect(result.sent).toBe(1);
    expect(calls).toBe(2);
    expect(await db.outbox.where('status').equals('done').count()).toBe(1);
    db.close();
  });

  it('the worker’s sync wake-up during the pass that coming online started asks for no other', async () => {
    const db = newDevice().open();
    let calls = 0;
    let failNow: (() => void) | undefined;
    const replyLost: OutboxTransport = async () => {
      calls += 1;
      await new Promise<void>((resolve) => (failNow = resolve));
      throw new TypeError('fetch failed');
    };
    const replayer = createReplayer({ db, transport: replyLost, random: () => 0 });
    await enqueue(db, feedbackAction());
    const first = replayer.kick('online');
    await vi.waitFor(() => expect(failNow).toBeDefined());
    expect(replayer.kick('sync')).toBe(first);
    failNow?.();
    expect((await first).stop).toBe('transient');
    expect(calls).toBe(1);
    await db.outbox.clear();
    db.close();
  });

  it('a timer wake-up during a failing attempt waits out the back-off', async () => {
    const db = newDevice().open();
    let calls = 0;
    let failNow: (() => void) | undefined;
    const slowToFail: OutboxTransport = async () => {
      calls += 1;
      await new Promise<void>((resolve) => (failNow = resolve));
      throw new TypeError('fetch failed');
    };
    const replayer = createReplayer({ db, transport: slowToFail, random: () => 0 });
    await enqueue(db, feedbackAction());
    const first = replayer.kick('start');
    await vi.waitFor(() => expect(failNow).toBeDefined());
    expect(replayer.kick('timer')).toBe(first);
    failNow?.();
    expect((await first).stop).toBe('transient');
    expect(calls).toBe(1);
    await db.outbox.clear();
    db.close();
  });

  it('tells onDrained what all the passes of a kick sent, not only the last one', async () => {
    const db = newDevice().open();
    const drained: DrainResult[] = [];
    let release: (() => void) | undefined;
    const slow: OutboxTransport = async (request) => {
      await new Promise<void>((resolve) => (release = resolve));
      return live.client.transport(request);
    };
    const replayer = createReplayer({
      db,
      transport: slow,
      onDrained: (result) => drained.push(result),
    });
    await enqueue(db, feedbackAction());
    const first = replayer.kick('start');
    await vi.waitFor(() => expect(release).toBeDefined());
    // A kick during the pass: one more pass, which finds nothing left to send.
    void replayer.kick('online');
    release?.();
    await first;
    expect(drained).toHaveLength(1);
    expect(drained[0]).toMatchObject({ sent: 1, rejected: 0, stop: 'idle' });
    db.close();
  });
});
