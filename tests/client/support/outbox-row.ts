// An order action as the device's outbox stores it, for tests of what the client reads from
// queued orders: the test names the fields it is about, the rest are a fresh, unsent action.
import type { OutboxRow } from '#client/offline/types';

type Named = Pick<
  OutboxRow,
  | 'seq'
  | 'kind'
  | 'payload'
  | 'ownerUserId'
  | 'idempotencyKey'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
>;

export function outboxRow(fields: Named & Partial<OutboxRow>): OutboxRow {
  return {
    label: 'Order',
    method: 'POST',
    path: '/api/orders/create',
    entityKey: null,
    attempts: 0,
    lastAttemptAt: null,
    lastError: null,
    verdict: null,
    changes: [],
    undo: [],
    ...fields,
  };
}
