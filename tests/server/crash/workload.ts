// Concurrent writes the way the web client's outbox sends them: each sealed for the user's
// secure session and carrying an Idempotency-Key made when the write was queued. Every write
// is logged with its key and body, and with its reply when one came back, so the crash test
// can replay each one after the restart.
import { randomInt, randomUUID } from 'node:crypto';
import type { TestUser } from '../../support/factories.ts';
import type { Rec, Reply, WireClient } from '../../independent-client/wire-client.ts';
import { SIZES, type CrashWorld } from './crash-world.ts';

export type WriteKind = 'order' | 'cancel' | 'signup' | 'complete';

export interface LoggedWrite {
  kind: WriteKind;
  user: TestUser;
  client: WireClient;
  method: 'POST' | 'PUT';
  path: string;
  body: Rec;
  key: string;
  /** The first reply, when one came back before the server went away. */
  reply?: { status: number; json: unknown };
}

export function sendWrite(write: LoggedWrite): Promise<Reply> {
  return write.client.call(write.method, write.path, {
    body: write.body,
    headers: { 'Idempotency-Key': write.key },
  });
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

interface Shared {
  world: CrashWorld;
  writes: LoggedWrite[];
  /** Orders on the delivery round not yet handed to a volunteer. */
  toComplete: number[];
  stopped: boolean;
  onAnswered: (answered: number) => void;
  answered: number;
}

function newWrite(
  kind: WriteKind,
  user: TestUser,
  client: WireClient,
  request: { method: 'POST' | 'PUT'; path: string; body: Rec },
): LoggedWrite {
  return { kind, user, client, ...request, key: randomUUID() };
}

function orderLines(world: CrashWorld): Rec[] {
  const size = SIZES[randomInt(SIZES.length)] ?? 'M';
  const lines: Rec[] = [{ itemName: world.gauze.name, quantity: randomInt(1, 4) }];
  if (randomInt(2) === 0) lines.push({ itemName: `${world.socks.name} (${size})`, quantity: 2 });
  if (randomInt(3) === 0) lines.push({ itemName: 'Warm hat', quantity: 1 });
  return lines;
}

const clientClaims = (user: TestUser): Rec => ({
  authenticated: true,
  userId: user.id,
  userRole: 'CLIENT',
});

/** A new order of a few lines: gauze, maybe socks of one size, maybe a custom request. */
export function orderWrite(world: CrashWorld, user: TestUser, client: WireClient): LoggedWrite {
  return newWrite('order', user, client, {
    method: 'POST',
    path: '/api/orders/create',
    body: {
      ...clientClaims(user),
      deliveryAddress: '12 Harbour St',
      phoneNumber: user.phone,
      notes: 'crash test',
      items: orderLines(world),
    },
  });
}

/** One of the user's placed orders not cancelled yet, or undefined. */
function orderToCancel(shared: Shared, user: TestUser): number | undefined {
  const cancelled = new Set(
    shared.writes.filter((w) => w.kind === 'cancel').map((w) => w.path.split('/')[3]),
  );
  const mine = shared.writes
    .filter((w) => w.kind === 'order' && w.user.id === user.id && isSuccess(w.reply?.status ?? 0))
    .map((w) => String((w.reply?.json as Rec).orderId))
    .filter((id) => !cancelled.has(id));
  const picked = mine[randomInt(Math.max(mine.length, 1))];
  return picked === undefined ? undefined : Number(picked);
}

function nextClientWrite(shared: Shared, user: TestUser, client: WireClient): LoggedWrite {
  const orderId = randomInt(5) === 0 ? orderToCancel(shared, user) : undefined;
  if (orderId === undefined) return orderWrite(shared.world, user, client);
  return newWrite('cancel', user, client, {
    method: 'POST',
    path: `/api/orders/${orderId}/cancel`,
    body: clientClaims(user),
  });
}

function nextVolunteerWrite(
  shared: Shared,
  user: TestUser,
  client: WireClient,
  roundsLeft: number[],
): LoggedWrite | undefined {
  const claims = { authenticated: true, userId: user.id, userRole: 'VOLUNTEER' };
  const orderId =
    randomInt(2) === 0 || roundsLeft.length === 0 ? shared.toComplete.shift() : undefined;
  if (orderId !== undefined) {
    return newWrite('complete', user, client, {
      method: 'PUT',
      path: `/api/orders/${orderId}/status`,
      body: { ...claims, status: 'COMPLETED' },
    });
  }
  const roundId = roundsLeft.shift();
  if (roundId === undefined) return undefined;
  return newWrite('signup', user, client, {
    method: 'POST',
    path: `/api/rounds/${roundId}/signup`,
    body: { ...claims, requestedRole: 'VOLUNTEER' },
  });
}

/** Sends the write; false when no reply came (the server went away). */
async function perform(shared: Shared, write: LoggedWrite): Promise<boolean> {
  shared.writes.push(write);
  try {
    const reply = await sendWrite(write);
    write.reply = { status: reply.status, json: reply.json };
  } catch {
    return false;
  }
  if (write.kind === 'order' && isSuccess(write.reply.status)) {
    shared.toComplete.push(Number((write.reply.json as Rec).orderId));
  }
  shared.answered += 1;
  shared.onAnswered(shared.answered);
  return true;
}

async function actor(shared: Shared, next: () => LoggedWrite | undefined): Promise<void> {
  while (!shared.stopped) {
    const write = next();
    if (write === undefined || !(await perform(shared, write))) return;
  }
}

export interface RunningWorkload {
  writes: LoggedWrite[];
  stop(): void;
  /** Settles when every actor has stopped (after stop() or when the server went away). */
  finished: Promise<void>;
}

/** Two actors per client and per volunteer, each sending one write at a time. */
export function startWorkload(
  world: CrashWorld,
  clientOf: (user: TestUser) => WireClient,
  onAnswered: (answered: number) => void,
): RunningWorkload {
  const shared: Shared = {
    world,
    writes: [],
    toComplete: [...world.waitingOrderIds],
    stopped: false,
    onAnswered,
    answered: 0,
  };
  const actors: Promise<void>[] = [];
  for (const user of world.clients) {
    for (let i = 0; i < 2; i += 1) {
      actors.push(actor(shared, () => nextClientWrite(shared, user, clientOf(user))));
    }
  }
  for (const user of world.volunteers) {
    const roundsLeft = [...world.signupRoundIds].sort(() => randomInt(3) - 1);
    for (let i = 0; i < 2; i += 1) {
      actors.push(
        actor(shared, () => nextVolunteerWrite(shared, user, clientOf(user), roundsLeft)),
      );
    }
  }
  return {
    writes: shared.writes,
    stop: () => {
      shared.stopped = true;
    },
    finished: Promise.all(actors).then(() => undefined),
  };
}
