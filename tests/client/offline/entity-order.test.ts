import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('order per entity while sending several at once', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  it('never has two actions of one entity in flight, and sends them in queue order', async () => {
    const db = newDevice().open();
    const plan = ['a', 'b', 'a', null, 'a', 'b', null, null, 'b', 'a'];
    for (const [i, entity] of plan.entries()) {
      const action = feedbackAction(`${entity ?? 'free'}-${i}`);
      await enqueue(db, { ...action, entityKey: entity });
    }
    const inFlight = new Set<string>();
    let overlaps = 0;
    let maxParallel = 0;
    let parallel = 0;
    const started: string[] = [];
    const watching: OutboxTransport = async (request) => {
      const content = (request.body as { content: string }).content;
      const entity = content.split('-')[0]!;
      if (entity !== 'free' && inFlight.has(entity)) overlaps += 1;
      inFlight.add(entity);
      started.push(content);
      parallel += 1;
      maxParallel = Math.max(maxParallel, parallel);
      try {
        return await live.client.transport(request);
      } finally {
        parallel -= 1;
        inFlight.delete(entity);
      }
    };

    const result = await drainOutbox({ db, transport: watching, concurrency: 4 });

    expect(result).toMatchObject({ sent: plan.length, rejected: 0, stop: 'idle' });
    expect(overlaps).toBe(0);
    expect(maxParallel).toBeGreaterThan(1);
    const order = (entity: string) => started.filter((c) => c.startsWith(`${entity}-`));
    expect(order('a')).toEqual(['a-0', 'a-2', 'a-4', 'a-9']);
    expect(order('b')).toEqual(['b-1', 'b-5', 'b-8']);
    db.close();
  });
});
