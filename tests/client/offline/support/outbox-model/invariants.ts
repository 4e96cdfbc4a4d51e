// What must hold once the device is quiet (faults off, signed in, drained until the outbox
// holds only answered actions), read from the SERVER'S DATABASE and the device's IndexedDB:
// - nothing dropped: every action the person queued is still in the outbox, answered (done)
//   or refused (rejected, with the server's message: "Needs attention"), or is a refusal the
//   person read there and discarded;
// - exactly once: each answered action's Idempotency-Key is stored once, with the status the
//   device took, and no other key of the user is (a key per attempt leaves extra ones); each
//   action's effect is in the database once when done and not at all when refused;
// - order per entity: the server took an entity's actions in the order they were queued;
// - the state each entity ends in is what its answered actions, in queue order, lead to;
// - the mirror equals the server's lists for the user.
import { sql } from 'kysely';
import type { AppDb } from '#client/offline/app-db';
import { readMirrorList } from '#client/offline/mirror';
import { MIRROR_LISTS } from '#client/offline/mirror-lists';
import { getRememberedUser } from '#client/offline/session-user-store';
import type { OutboxRow } from '#client/offline/types';
import type { Db } from '#server/db/kysely';
import type { Model, QueuedByModel, Real } from './commands.ts';
import { refreshUserLists, USER_LISTS } from './device.ts';

const PUBLIC_KINDS: ReadonlySet<string> = new Set([
  'feedback.submit',
  'volunteer.apply',
  'order.guestCreate',
]);

/** Where a created action's marker is found: its table and column. */
const MARKED: Record<
  string,
  { table: 'feedback' | 'orders' | 'volunteer_applications'; column: string }
> = {
  'feedback.submit': { table: 'feedback', column: 'content' },
  'volunteer.apply': { table: 'volunteer_applications', column: 'email' },
  'order.create': { table: 'orders', column: 'notes' },
  'order.guestCreate': { table: 'orders', column: 'notes' },
};

export class InvariantBroken extends Error {}

function expectThat(holds: boolean, message: string, detail?: unknown): void {
  if (!holds) {
    const extra = detail === undefined ? '' : `: ${JSON.stringify(detail)}`;
    throw new InvariantBroken(`${message}${extra}`);
  }
}

interface Answered {
  action: QueuedByModel;
  row: OutboxRow;
  done: boolean;
  /** Wiped unanswered at logout: judged by what the server stored under its key. */
  abandoned?: true;
}

async function answeredActions(db: AppDb, model: Model): Promise<Answered[]> {
  const rows = new Map(model.discarded);
  for (const row of await db.outbox.toArray()) rows.set(row.seq, row);
  const kept = model.queued.filter((action) => !model.abandoned.has(action.seq));
  return kept.map((action) => {
    const row = rows.get(action.seq);
    expectThat(row !== undefined, `action ${action.seq} (${action.kind}) was dropped`);
    expectThat(
      row!.status === 'done' || row!.status === 'rejected',
      `action ${action.seq} (${action.kind}) is still ${row!.status}`,
      row!.lastError,
    );
    const done = row!.status === 'done';
    if (!done) {
      // "Needs attention": the refusal with the server's words, and its verdict kept.
      expectThat((row!.lastError ?? '') !== '', `refusal ${action.seq} shows no message`);
      const status = row!.verdict?.status ?? 0;
      expectThat(status >= 400 && status < 500, `refusal ${action.seq} is not a 4xx`, status);
    }
    return { action, row: row!, done };
  });
}

interface StoredKey {
  key: string;
  status_code: number;
  position: number;
}

async function storedKeys(db: Db, scope: string): Promise<Map<string, StoredKey>> {
  const rows = await sql<StoredKey>`select key, status_code, rowid as position
    from idempotency_keys where scope = ${scope}`.execute(db);
  return new Map(rows.rows.map((r) => [r.key, r]));
}

async function checkKeys(server: Db, model: Model, answered: Answered[]): Promise<void> {
  const mine = await storedKeys(server, `user:${model.fixture.user.id}`);
  // A public form (feedback) is scoped to the user when sent with a live login, else to
  // 'anon' (a login that ended without the device knowing is no login to the server).
  const isPublic = (a: Answered) => PUBLIC_KINDS.has(a.action.kind);
  const anon = answered.some(isPublic)
    ? await storedKeys(server, 'anon')
    : new Map<string, StoredKey>();
  let keysOfUser = 0;
  /** Where the server stored each user-scoped key: the order it first committed them in. */
  const positions = new Map<number, number>();
  for (const answer of answered) {
    const { action, row } = answer;
    const inUserScope = mine.get(row.idempotencyKey);
    if (inUserScope !== undefined) {
      keysOfUser += 1;
      positions.set(action.seq, inUserScope.position);
    }
    const stored = inUserScope ?? (isPublic(answer) ? anon.get(row.idempotencyKey) : undefined);
    if (stored === undefined) {
      const anywhere = await sql<{ scope: string; status_code: number }>`select scope, status_code
        from idempotency_keys where key = ${row.idempotencyKey}`.execute(server);
      expectThat(false, `action ${action.seq}'s key is not on the server in its scope`, {
        row: {
          status: row.status,
          owner: row.ownerUserId,
          verdict: row.verdict,
          attempts: row.attempts,
        },
        stored: anywhere.rows,
        userKeys: mine.size,
      });
    }
    expectThat(
      stored!.status_code === row.verdict?.status,
      `action ${action.seq}: the device took ${row.verdict?.status}, the server stored ${stored!.status_code}`,
    );
  }
  // Exactly once: no key of the user's but the actions' own (one per action, not per attempt).
  expectThat(
    mine.size === keysOfUser,
    `the server stored ${mine.size} keys of the user for ${keysOfUser} of its actions`,
  );
  // Per entity, the server stored the keys (first commit of each) in queue order.
  const byEntity = new Map<string, number[]>();
  for (const { action, row } of answered) {
    const position = positions.get(action.seq);
    if (row.entityKey === null || position === undefined) continue;
    byEntity.set(row.entityKey, [...(byEntity.get(row.entityKey) ?? []), position]);
  }
  for (const [entity, order] of byEntity) {
    const inOrder = order.every((p, i) => i === 0 || order[i - 1]! < p);
    expectThat(inOrder, `${entity}: the server took its actions out of queue order`, order);
  }
}

async function countWhere(
  db: Db,
  table: 'feedback' | 'orders' | 'volunteer_applications',
  column: string,
  value: string,
) {
  const rows = await sql<{ n: number | bigint }>`select count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} = ${value}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

async function orderStatus(db: Db, orderId: number): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function checkCreated(server: Db, answered: Answered[]): Promise<void> {
  for (const answer of answered) {
    const { action, row, done } = answer;
    if (action.marker === null) continue;
    const { table, column } = MARKED[action.kind]!;
    const count = await countWhere(server, table, column, action.marker);
    expectThat(
      count === (done ? 1 : 0),
      `${action.kind} ${action.seq} is on the server ${count} times (done: ${done})`,
    );
    if (done && table === 'orders' && answer.abandoned !== true) {
      const id = (row.verdict?.body as { orderId?: unknown } | null)?.orderId;
      const stored = await server
        .selectFrom('orders')
        .select('id')
        .where('notes', '=', action.marker)
        .executeTakeFirstOrThrow();
      expectThat(
        id === stored.id,
        `order ${action.seq}: the device holds id ${String(id)}, the server ${stored.id}`,
      );
    }
  }
}

/** The status an entity's answered actions lead to, in queue order (undefined: none). */
function lastDone(answered: Answered[], targetId: number, kinds: string[]): Answered | undefined {
  return answered
    .filter((a) => a.done && a.action.targetId === targetId && kinds.includes(a.action.kind))
    .at(-1);
}

async function checkEntities(server: Db, model: Model, answered: Answered[]): Promise<void> {
  const { fixture } = model;
  for (const orderId of fixture.cancellableOrders) {
    const cancels = answered.filter((a) => a.action.targetId === orderId && a.done);
    expectThat(cancels.length <= 1, `order ${orderId} was cancelled ${cancels.length} times`);
    const status = await orderStatus(server, orderId);
    const expected = cancels.length === 1 ? 'CANCELLED' : 'PENDING';
    expectThat(
      status === expected,
      `client order ${orderId} is ${status}, its answers say ${expected}`,
    );
  }
  for (const orderId of fixture.deliveryOrders) {
    const last = lastDone(answered, orderId, ['order.startDelivery', 'order.complete']);
    const status = await orderStatus(server, orderId);
    const byActions =
      last === undefined
        ? 'PENDING'
        : last.action.kind === 'order.complete'
          ? 'COMPLETED'
          : 'PROCESSING';
    const expected = model.cancelledByAdmin.has(orderId) ? 'CANCELLED' : byActions;
    expectThat(status === expected, `order ${orderId} is ${status}, its answers say ${expected}`);
  }
  if (fixture.role === 'VOLUNTEER') {
    // The run's cancels all name the first sign-up (cancelling it twice is a success that
    // changes nothing); a sign-up the server took is a new one.
    const onRound = answered.filter((a) => a.done && a.action.targetId === fixture.signupRound);
    const firstLive = !onRound.some((a) => a.action.kind === 'round.cancelSignup');
    const newLive = onRound.some((a) => a.action.kind === 'round.signup');
    const live = await server
      .selectFrom('round_signups')
      .select('id')
      .where('round_id', '=', fixture.signupRound)
      .where('user_id', '=', fixture.user.id)
      .where('status', '!=', 'CANCELLED')
      .execute();
    const expected = Number(firstLive) + Number(newLive);
    expectThat(
      live.length === expected,
      `round ${fixture.signupRound}: ${live.length} live sign-ups, the answers say ${expected}`,
    );
  }
  if (fixture.role === 'CLIENT' && !model.stockRanOut) {
    const placed = answered.filter((a) => a.done && a.action.kind === 'order.create').length;
    const item = await server
      .selectFrom('cargo_items')
      .select('quantity')
      .where('id', '=', fixture.itemId)
      .executeTakeFirstOrThrow();
    expectThat(
      item.quantity === fixture.stock - placed,
      `stock ${item.quantity} after ${placed} orders from ${fixture.stock}`,
    );
  }
}

/** After a refresh, each of the user's mirrored lists holds what the server lists for them. */
async function checkMirror(real: Real): Promise<void> {
  const db = real.device.main.db;
  await refreshUserLists(db, real.device.main.transport);
  const user = await getRememberedUser(db);
  for (const name of USER_LISTS) {
    const list = MIRROR_LISTS[name];
    const path = list.path(user);
    if (path === null) continue;
    const reply = await real.client.transport({ method: 'GET', path });
    const server = list.items(reply.body) ?? [];
    const device = await readMirrorList(db, name, new Date());
    const shown = device.map((row) => ({ id: row.id, group: row.group, data: row.data }));
    const expected = server.map((item) => ({ id: item.id, group: item.group, data: item.data }));
    expectThat(
      JSON.stringify(shown) === JSON.stringify(expected),
      `mirror ${name} differs from the server`,
      { shown, expected },
    );
  }
}

/**
 * Actions the person let go unanswered at logout: each counts as done or refused if the
 * server stored a reply under its key (it got there before the wipe), else as never sent.
 */
async function settleAbandoned(server: Db, model: Model): Promise<Answered[]> {
  const settled: Answered[] = [];
  for (const action of model.queued) {
    const row = model.abandoned.get(action.seq);
    if (row === undefined) continue;
    const scopes = [`user:${model.fixture.user.id}`, 'anon'];
    const stored = await server
      .selectFrom('idempotency_keys')
      .select('status_code')
      .where('key', '=', row.idempotencyKey)
      .where('scope', 'in', scopes)
      .executeTakeFirst();
    if (stored === undefined) {
      settled.push({ action, row, done: false, abandoned: true });
      continue;
    }
    const verdict = { status: stored.status_code, body: null };
    const done = stored.status_code < 300;
    settled.push({ action, row: { ...row, verdict }, done, abandoned: true });
  }
  return settled;
}

export async function checkInvariants(model: Model, real: Real): Promise<void> {
  const server = real.server.db();
  const abandoned = await settleAbandoned(server, model);
  const reached = abandoned.filter((a) => a.row.verdict !== null);
  const answered = [...(await answeredActions(real.device.main.db, model)), ...reached];
  // Never sent: no effect at all.
  await checkCreated(
    server,
    abandoned.filter((a) => a.row.verdict === null),
  );
  await checkKeys(server, model, answered);
  await checkCreated(server, answered);
  await checkEntities(server, model, answered);
  await checkMirror(real);
}
