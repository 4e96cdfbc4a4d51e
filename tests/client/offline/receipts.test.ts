// Receipts (issue 17 item 3): an entity's action reads waiting while queued or in flight,
// sent once the server took it (also after the screen acknowledged the row), and needs
// attention while a refusal waits for Retry or Discard.
import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, discardRejected, enqueue } from '#client/offline/outbox';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { entityReceipt, forgetReceipts, receiptOf } from '#client/offline/receipts';
import { drainOutbox } from '#client/offline/replayer';
import { feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';

const answering =
  (status: number): OutboxTransport =>
  () =>
    Promise.resolve({ status, body: { status: status < 300 ? 'success' : 'error', message: 'm' } });

describe('receipts', () => {
  afterEach(() => forgetReceipts());

  it('reads waiting, then sent, and stays sent once the screen has acknowledged it', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, { ...feedbackAction(), entityKey: 'order:1' });
    expect(await entityReceipt(db, 'order:1')).toBe('waiting');
    await drainOutbox({ db, transport: answering(200) });
    expect(await entityReceipt(db, 'order:1')).toBe('sent');
    await acknowledge(db, seq);
    expect(await entityReceipt(db, 'order:1')).toBe('sent');
    expect(await entityReceipt(db, 'order:2')).toBeNull();
  });

  it('needs attention while refused, and shows nothing once discarded', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, { ...feedbackAction(), entityKey: 'round:4' });
    expect(await entityReceipt(db, 'round:4')).toBe('waiting');
    await drainOutbox({ db, transport: answering(409) });
    expect(await entityReceipt(db, 'round:4')).toBe('attention');
    await discardRejected(db, seq);
    expect(await entityReceipt(db, 'round:4')).toBeNull();
  });

  it('takes the latest action of the entity', () => {
    const row = (seq: number, status: 'queued' | 'done' | 'rejected') =>
      ({ seq, status }) as Parameters<typeof receiptOf>[0][number];
    expect(receiptOf([row(1, 'rejected'), row(2, 'queued')], false)).toBe('waiting');
    expect(receiptOf([row(3, 'done'), row(2, 'rejected')], false)).toBe('sent');
    expect(receiptOf([], false)).toBeNull();
    expect(receiptOf([], true)).toBe('sent');
  });
});
