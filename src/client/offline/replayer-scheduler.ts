// When the replayer runs (DESIGN.md offline rule 4), and that only one runs at a time.
// Keeps, in the returned object's closure: the pass in progress in this tab (kicks during it
// ask for one more pass instead of starting a second), and the back-off timer. Across tabs
// the Web Locks API serialises passes; where it is missing (Node tests) there is one tab.
import { drainOutbox, type DrainResult, type ReplayerDeps } from './replayer.ts';
import { OUTBOX_SYNC_TAG } from './service-worker.ts';

export type KickReason =
  | 'start'
  | 'online'
  | 'visible'
  | 'timer'
  | 'sync'
  | 'enqueued'
  | 'signed-in'
  | 'retry'
  | 'backoff-due';

/** Routine wake-ups wait out a back-off; anything that signals "things changed" does not. */
const RESPECTS_BACKOFF: ReadonlySet<KickReason> = new Set(['timer', 'visible']);
/**
 * "The network is back", from the page ('online') or the worker's Background Sync ('sync'):
 * one arriving during a pass another of them started is the same news, not a change since.
 */
const NETWORK_BACK: ReadonlySet<KickReason> = new Set(['online', 'sync']);

export const REPLAYER_LOCK = 'streetmed-outbox-replayer';
export const REPLAY_INTERVAL_MS = 30_000;

/** A navigator feature the browser may lack (old browsers, insecure contexts). */
function navigatorPart<K extends 'locks' | 'serviceWorker'>(name: K): Navigator[K] | undefined {
  return name in navigator ? navigator[name] : undefined;
}

export type LockRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** navigator.locks when the browser has it; a pass-through otherwise (a single context). */
export const defaultLock: LockRunner = async (name, work) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigatorPart('locks');
  if (locks === undefined) return work();
  return locks.request(name, work);
};

export interface SchedulerDeps extends ReplayerDeps {
  lock?: LockRunner;
  intervalMs?: number;
  /** Told after every pass (e.g. to refresh the mirror once changes went through). */
  onDrained?: (result: DrainResult) => void;
}

export interface Replayer {
  kick(reason: KickReason): Promise<DrainResult>;
  /** Listens to the triggers; returns a function that stops listening. */
  start(): () => void;
}

export function createReplayer(deps: SchedulerDeps): Replayer {
  const lock = deps.lock ?? defaultLock;
  let running: Promise<DrainResult> | null = null;
  let runningFor: KickReason | null = null;
  /** A kick that arrived during the pass (the one that ignores back-off, if any did). */
  let again: KickReason | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function scheduleRetry(result: DrainResult): void {
    clearTimeout(retryTimer);
    if (result.retryAt === null) return;
    // Known offline: no timer. The 'online' event starts a drain; retrying meanwhile only
    // spends a phone's battery on requests (and handshakes) that cannot leave it.
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    const delay = Math.max(0, result.retryAt - Date.now());
    retryTimer = setTimeout(() => kickQuietly(kick, 'backoff-due'), delay);
  }

  const pass = (respectBackoff: boolean) =>
    lock(REPLAYER_LOCK, () => drainOutbox(deps, { respectBackoff }));

  /** The kick that arrived since the last look, if one did (and forget it). */
  function takeAgain(): KickReason | null {
    const asked = again;
    again = null;
    return asked;
  }

  /**
   * The kick's pass, then one more per kick that arrived meanwhile. After a pass the network
   * stopped, only a kick that ignores back-off earns one at once: the device came back online
   * (or a new action) while a doomed attempt was still failing must not wait out the back-off.
   */
  async function passes(reason: KickReason): Promise<DrainResult> {
    again = null;
    let result = await pass(RESPECTS_BACKOFF.has(reason));
    for (let next = takeAgain(); next !== null; next = takeAgain()) {
      const respectBackoff = RESPECTS_BACKOFF.has(next);
      if (result.stop !== 'idle' && respectBackoff) break;
      // What every pass sent counts (onDrained refreshes the lists when anything went
      // through); where it stopped is the last pass's.
      const later = await pass(respectBackoff);
      result = {
        ...later,
        sent: result.sent + later.sent,
        rejected: result.rejected + later.rejected,
      };
    }
    scheduleRetry(result);
    deps.onDrained?.(result);
    return result;
  }

  function kick(reason: KickReason): Promise<DrainResult> {
    if (running !== null) {
      // Without this, the worker's wake-up on the same return of the network resent a reply
      // lost in that pass at once instead of after its back-off (e2e offline-outbox).
      const sameNews =
        NETWORK_BACK.has(reason) && runningFor !== null && NETWORK_BACK.has(runningFor);
      if (!sameNews && (again === null || !RESPECTS_BACKOFF.has(reason))) again = reason;
      return running;
    }
    runningFor = reason;
    running = passes(reason).finally(() => {
      running = null;
      runningFor = null;
    });
    return running;
  }

  function start(): () => void {
    const stops = [listenToTriggers(kick, deps.intervalMs ?? REPLAY_INTERVAL_MS)];
    kickQuietly(kick, 'start');
    return () => {
      clearTimeout(retryTimer);
      for (const stop of stops) stop();
    };
  }

  return { kick, start };
}

type Kick = (reason: KickReason) => Promise<DrainResult>;

/** For wake-ups nobody awaits: a failed pass (storage closed or broken) is logged, and the
 * rows it did not send stay queued for the next one. */
function kickQuietly(kick: Kick, reason: KickReason): void {
  kick(reason).catch((error: unknown) => {
    console.warn('outbox replay failed', error);
  });
}

function listenToTriggers(kick: Kick, intervalMs: number): () => void {
  const fire = (reason: KickReason) => () => kickQuietly(kick, reason);
  const onOnline = fire('online');
  const onVisible = () => {
    if (document.visibilityState === 'visible') kickQuietly(kick, 'visible');
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_TAG)
      kickQuietly(kick, 'sync');
  };
  const timer = setInterval(fire('timer'), intervalMs);
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) window.addEventListener('online', onOnline);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  const worker = typeof navigator === 'undefined' ? undefined : navigatorPart('serviceWorker');
  worker?.addEventListener('message', onWorkerMessage);
  return () => {
    clearInterval(timer);
    if (hasWindow) window.removeEventListener('online', onOnline);
    if (typeof document !== 'undefined')
      document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener('message', onWorkerMessage);
  };
}
