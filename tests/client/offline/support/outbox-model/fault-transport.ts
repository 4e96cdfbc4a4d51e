// The faults the outbox model test injects, all in a transport wrapped around the real one
// (nothing in src/ knows about them): the network is down, a reply is lost after the server
// committed, a request is delivered twice, replies come back out of order, the tab dies
// between sending and recording the reply. Also the two mutants the test must catch, which
// break the engine's promises from outside: a new Idempotency-Key on every attempt, and the
// row acknowledged before the reply is read.
import { randomUUID } from 'node:crypto';
import type { AppDb } from '#client/offline/app-db';
import type { OutboxTransport } from '#client/offline/outbox-transport';

export type Mutant = 'none' | 'key-per-attempt' | 'ack-before-reply';

/** Faults armed by the model's commands; each count is used up by the requests it hits. */
export interface Faults {
  offline: boolean;
  loseReplies: number;
  duplicates: number;
  /** Delays (ms) given to replies in turn while reordering; empty: no reordering. */
  reorderDelays: number[];
  /** The next write reaches the server, then its tab dies before it reads the reply. */
  crashAfterSend: boolean;
}

export const noFaults = (): Faults => ({
  offline: false,
  loseReplies: 0,
  duplicates: 0,
  reorderDelays: [],
  crashAfterSend: false,
});

export interface FaultContext {
  faults: Faults;
  mutant: Mutant;
}

/** A tab's view of the wrapper: its database (for the ack mutant) and how it dies. */
export interface TabHooks {
  db(): AppDb;
  /** Called once when the tab dies mid-send; the request's promise never settles. */
  onCrash(): void;
  dead(): boolean;
}

const never = new Promise<never>(() => undefined);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isWrite(method: string): boolean {
  return method !== 'GET';
}

/**
 * The mutant 'key-per-attempt': the row gets a new key on every attempt, as an engine that
 * made the key when sending (not when queueing) would keep it.
 */
async function newKeyForAttempt(db: AppDb, key: string | undefined): Promise<string> {
  const fresh = randomUUID();
  await db.outbox
    .where('status')
    .equals('sending')
    .filter((r) => r.idempotencyKey === key)
    .modify({ idempotencyKey: fresh });
  return fresh;
}

/** The mutant 'ack-before-reply': the row goes as if its outcome had been shown. */
async function acknowledgeEarly(db: AppDb, key: string | undefined): Promise<void> {
  if (key === undefined) return;
  await db.outbox
    .where('status')
    .equals('sending')
    .filter((r) => r.idempotencyKey === key)
    .delete();
}

export function faultyTransport(
  real: OutboxTransport,
  context: FaultContext,
  tab: TabHooks,
): OutboxTransport {
  return async (request) => {
    const { faults, mutant } = context;
    if (tab.dead()) return never;
    if (faults.offline) throw new TypeError('Failed to fetch (offline)');
    if (!isWrite(request.method)) return real(request);
    const sent =
      mutant === 'key-per-attempt'
        ? { ...request, idempotencyKey: await newKeyForAttempt(tab.db(), request.idempotencyKey) }
        : request;
    if (mutant === 'ack-before-reply') await acknowledgeEarly(tab.db(), request.idempotencyKey);
    if (faults.duplicates > 0) {
      faults.duplicates -= 1;
      const [reply] = await Promise.all([real(sent), real(sent)]);
      return reply;
    }
    const reply = await real(sent);
    if (tab.dead()) return never; // another request of this tab killed it meanwhile
    if (faults.crashAfterSend) {
      faults.crashAfterSend = false;
      tab.onCrash();
      return never;
    }
    const wait = faults.reorderDelays.shift();
    if (wait !== undefined) await delay(wait);
    if (faults.loseReplies > 0) {
      faults.loseReplies -= 1;
      throw new TypeError('fetch failed: socket hang up (reply lost)');
    }
    return reply;
  };
}
