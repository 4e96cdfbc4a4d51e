// The offline engine of the running app: wires the outbox, replayer and mirror to the
// api client, the session user and the service worker. Call startOfflineEngine() once
// (start.ts, loaded by offline-layer.ts). Keeps, in module memory: the app's one Replayer and
// whether a mirror refresh is running.
import { sendRequest } from '../api/api-client.ts';
import { registerLogoutHook } from '../session/logout.ts';
import { getAppDb } from './app-db.ts';
import {
  currentFetchMark,
  markServerChanged,
  navigationFetchMark,
  refreshMirror,
} from './mirror.ts';
import { discardRejected, enqueue, retryRejected, type QueuedAction } from './outbox.ts';
import { createDeviceReporter, noteDrain } from './device-report.ts';
import { startPersonalDataExpiry } from './personal-data-expiry.ts';
import { createReplayer, type KickReason, type Replayer } from './replayer-scheduler.ts';
import { requestBackgroundSync } from './service-worker.ts';
import { syncSessionUser } from './session-sync.ts';
import type { OutboxTransport } from './outbox-transport.ts';
import { countUnsentForLogout, wipeUserData } from './wipe.ts';

const transport: OutboxTransport = (request) => sendRequest(request);
/** package.json's version, put in by the build (vite.config.ts); absent when nothing built it. */
const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'unbuilt';
let replayer: Replayer | null = null;

let refreshing = false;
let refreshAgain = false;

/**
 * One mirror refresh at a time; a request during one asks for one more after it, which
 * skips the lists the running one fetched (they are as fresh as the request asks) unless this
 * device changed the server's data meanwhile (mirror.ts markServerChanged). So signing in
 * while the start-up refresh runs costs one request per list, not two.
 */
function refreshInBackground(freshSince?: number): void {
  if (refreshing) {
    refreshAgain = true;
    return;
  }
  refreshing = true;
  const passStart = currentFetchMark();
  void refreshMirror(getAppDb(), transport, freshSince)
    .catch(() => undefined)
    .finally(() => {
      refreshing = false;
      if (refreshAgain) {
        refreshAgain = false;
        refreshInBackground(passStart);
      }
    });
}

/** For events and timers: a refresh asked for now, not continuing an earlier one. */
const refreshNow = () => refreshInBackground();

export function startOfflineEngine(): () => void {
  const db = getAppDb();
  // Device health for admins: after each drain and at sign-in, at most one a minute.
  const reporter = createDeviceReporter({ db, transport, appVersion: APP_VERSION });
  replayer = createReplayer({
    db,
    transport,
    onDrained: (result) => {
      void noteDrain(db, result).finally(() => reporter.request());
      if (result.sent + result.rejected === 0) return;
      markServerChanged();
      refreshNow();
    },
  });
  registerLogoutHook(() => wipeUserData(db));
  const stopUser = syncSessionUser(db, () => {
    kickOutbox('signed-in');
    // The signed-in user's lists, as a screen opening would take them: what was fetched
    // since the user came to this screen (the catalogue at start-up, say) is not asked again.
    refreshInBackground(navigationFetchMark());
    reporter.request();
  });
  const stopReplayer = replayer.start();
  // Mirrored personal data past its personalDataUntil leaves the device: at start, then each minute.
  const stopExpiry = startPersonalDataExpiry(db);
  // In a task of its own, after the first render's: opening the device database and
  // reading it is main-thread work the startup's first task need not wait for.
  const firstRefresh = setTimeout(refreshNow, 0);
  window.addEventListener('online', refreshNow);
  return () => {
    clearTimeout(firstRefresh);
    stopUser();
    stopReplayer();
    stopExpiry();
    reporter.stop();
    window.removeEventListener('online', refreshNow);
  };
}

export function kickOutbox(reason: KickReason = 'enqueued'): void {
  void replayer?.kick(reason).catch(() => undefined);
}

/** Queues an action (with its optimistic change) and starts sending it; screens use submit.ts. */
export async function queueAction(action: QueuedAction): Promise<number> {
  const seq = await enqueue(getAppDb(), action);
  kickOutbox('enqueued');
  if (!navigator.onLine) void requestBackgroundSync();
  return seq;
}

/** "Needs attention" → Retry: the change is made again and sent with a new key. */
export async function retryAction(seq: number): Promise<void> {
  await retryRejected(getAppDb(), seq);
  kickOutbox('retry');
}

/** "Needs attention" → Discard. Later actions on the same entity may go now. */
export async function discardAction(seq: number): Promise<void> {
  await discardRejected(getAppDb(), seq);
  kickOutbox('retry');
}

/** How many of the user's actions a logout would discard (ask before logging out). */
export function unsentForLogout(): Promise<number> {
  return countUnsentForLogout(getAppDb());
}

/** Logout: wipes the user's data from the device. Call before forgetting the user. */
export async function wipeOnLogout(): Promise<void> {
  await wipeUserData(getAppDb());
}
