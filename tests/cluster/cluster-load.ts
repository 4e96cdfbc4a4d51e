// Load through nginx while a process is killed or stopped: clients each place an order and
// cancel it (a client may hold only 3 open orders), over and over, every write sealed with an
// Idempotency-Key; readers fetch the catalogue. With `retry`, a write that got no reply or a
// 5xx is sent again with the same key, as the web client's outbox does; without it, any
// failure is recorded. Every acknowledged order is kept with its key, for the database check.
import { randomUUID } from 'node:crypto';
import type { TestUser } from '../support/factories.ts';
import type { WireClient } from '../independent-client/wire-client.ts';
import type { TlsClient } from '../../scripts/lib/tls-client.ts';
import { orderBody, plainThrough, sealedThrough, type JsonReply } from './cluster-world.ts';

export interface LoadClient {
  user: TestUser;
  client: WireClient;
  /** The loopback address it connects to nginx from (its own per-address limits). */
  from: string;
}

export interface AckedOrder {
  key: string;
  orderId: number;
}

export interface LoadOptions {
  tls: TlsClient;
  item: { name: string };
  clients: LoadClient[];
  /** Orders per client (the per-account limit is 10 an hour). */
  ordersPerClient: number;
  /** Pause between a client's orders. */
  paceMs: number;
  retry: boolean;
  /** Addresses of catalogue readers, each looping until stopped. */
  readers: string[];
  /** Marks the orders' notes: `${notePrefix} ${key}`. */
  notePrefix: string;
}

export interface RunningLoad {
  acked: AckedOrder[];
  /** Every request that failed for good: what and why. */
  failures: string[];
  /** Replies received (successful ones). */
  answered: () => number;
  /** Resolves when every client has placed its orders (readers keep going). */
  ordersDone: Promise<void>;
  /** Stops the readers (and the clients' next orders) and waits for them. */
  stop(): Promise<void>;
}

const RETRY_FOR_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = (status: number) => status >= 200 && status < 300;

export function startLoad(options: LoadOptions): RunningLoad {
  const acked: AckedOrder[] = [];
  const failures: string[] = [];
  let answered = 0;
  let stopped = false;

  async function send(
    label: string,
    attempt: () => Promise<JsonReply>,
  ): Promise<JsonReply | undefined> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      let why: string;
      try {
        const reply = await attempt();
        if (ok(reply.status)) {
          answered += 1;
          return reply;
        }
        why = `${reply.status} ${JSON.stringify(reply.json)}`;
        if (!options.retry || reply.status < 500) {
          failures.push(`${label}: ${why}`);
          return undefined;
        }
      } catch (err) {
        why = String(err);
        if (!options.retry) {
          failures.push(`${label}: ${why}`);
          return undefined;
        }
      }
      if (Date.now() > deadline) {
        failures.push(`${label}: still failing after ${RETRY_FOR_MS} ms (${why})`);
        return undefined;
      }
      await sleep(100);
    }
  }

  async function orderLoop(c: LoadClient): Promise<void> {
    for (let n = 0; n < options.ordersPerClient && !stopped; n++) {
      const key = randomUUID();
      const body = orderBody(c.user, options.item, `${options.notePrefix} ${key}`);
      const request = { method: 'POST', path: '/api/orders/create', body, key };
      const placed = await send(`order ${key}`, () =>
        sealedThrough(options.tls, c.from, c.client, request),
      );
      if (placed === undefined) continue;
      const orderId = Number((placed.json as { orderId?: unknown }).orderId);
      acked.push({ key, orderId });
      const cancel = {
        method: 'POST',
        path: `/api/orders/${orderId}/cancel`,
        body: { authenticated: true, userId: c.user.id, userRole: 'CLIENT' },
        key: randomUUID(),
      };
      await send(`cancel ${orderId}`, () => sealedThrough(options.tls, c.from, c.client, cancel));
      await sleep(options.paceMs);
    }
  }

  async function readLoop(from: string): Promise<void> {
    while (!stopped) {
      await send(`catalogue from ${from}`, () =>
        plainThrough(options.tls, from, 'GET', '/api/cargo/items'),
      );
    }
  }

  const ordersDone = Promise.all(options.clients.map(orderLoop)).then(() => undefined);
  const readers = Promise.all(options.readers.map(readLoop));
  return {
    acked,
    failures,
    answered: () => answered,
    ordersDone,
    async stop() {
      stopped = true;
      await Promise.all([ordersDone, readers]);
    },
  };
}
