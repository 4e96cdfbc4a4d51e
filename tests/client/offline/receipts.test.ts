// Receipts (issue 17 item 3): an entity's action reads waiting while queued or in flight,
// sent once the server took it (also after the screen acknowledged the row, after a reload,
// for a day; never after a logout), and needs attention while a refusal waits for Retry or
// Discard.
import { afterEach, describe, expect, it } from 'vitest';
import { acknowledge, discardRejected, enqueue, pruneDone } from '#client/offline/outbox';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import {
  actionReceiptKey,
  entityReceipt,
  forgetReceipts,
  receiptOf,
} from '#client/offline/receipts';
import { drainOutbox } from '#client/offline/replayer';
import { feedbackAction } from './support/actions.ts';
import { SENT_RECEIPT_KEEP_MS } from '#client/offline/sent-receipts';
import { wipeUserData } from '#client/offline/wipe';
import { newDevice, reload } from './support/fake-db.ts';

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

  it('keeps "Sent ✓" over a reload and a prune, for a day, and forgets it at logout', async () => {
    const device = newDevice();
    let db = device.open();
    const first = await enqueue(db, { ...feedbackAction(), entityKey: 'order:7' });
    await enqueue(db, { ...feedbackAction(), entityKey: 'order:8' });
    await drainOutbox({ db, transport: answering(200) });
    await acknowledge(db, first);
    // order:8's row was never acknowledged (its screen was closed): the replayer prunes it.
    await pruneDone(db, new Date(Date.now() + 1));
    db = reload(device, db);
    expect(await db.outbox.count()).toBe(0);
    expect(await entityReceipt(db, 'order:7')).toBe('sent');
    expect(await entityReceipt(db, 'order:8')).toBe('sent');

    const dayLater = new Date(Date.now() + SENT_RECEIPT_KEEP_MS + 60_000);
    await enqueue(db, { ...feedbackAction(), entityKey: 'order:9' });
    await drainOutbox({ db, transport: answering(200), now: () => dayLater });
    await pruneDone(db, new Date(dayLater.getTime() + 1), dayLater);
    expect(await entityReceipt(db, 'order:9')).toBe('sent');
    // A day on, order:7's receipt has gone from the record.
    const kept = await db.syncMeta.get('receipts:sent');
    expect(Object.keys(kept?.value as object)).toEqual(['order:9']);

    await wipeUserData(db);
    expect(await entityReceipt(db, 'order:9')).toBeNull();
  });

  it('drops an earlier "Sent ✓" once a later action on the entity was refused', async () => {
    const db = newDevice().open();
    const started = await enqueue(db, { ...feedbackAction(), entityKey: 'order:3' });
    await drainOutbox({ db, transport: answering(200) });
    await acknowledge(db, started);
    const completed = await enqueue(db, { ...feedbackAction(), entityKey: 'order:3' });
    await drainOutbox({ db, transport: answering(409) });
    expect(await entityReceipt(db, 'order:3')).toBe('attention');
    await acknowledge(db, completed); // the screen showed the refusal
    expect(await entityReceipt(db, 'order:3')).toBeNull();
  });

  it('reads an action on no entity (a form) by its seq, sent after its row went', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, feedbackAction());
    const other = await enqueue(db, feedbackAction());
    expect(await entityReceipt(db, actionReceiptKey(seq))).toBe('waiting');
    await drainOutbox({ db, transport: answering(200) });
    await acknowledge(db, seq);
    expect(await entityReceipt(db, actionReceiptKey(seq))).toBe('sent');
    expect(await entityReceipt(db, actionReceiptKey(other))).toBe('sent');
    expect(await entityReceipt(db, actionReceiptKey(other + 1))).toBeNull();
  });
});
