// When the offline layer (start.ts: engine, outbox, mirrors, pushes, and Dexie under them)
// loads and starts. It is never in the entry script: a first visit's landing shows a story and
// four buttons, and needs none of it (issue 21: the landing's script budget).
// - Started at once when the device may have something for it: a user in the tab, a login
//   hint, a page the service worker controls (the app is installed: its code comes from the
//   cache), the layer having run here before, or a first screen other than the landing.
// - Otherwise (a first visit's landing) started on the first of: a signed-in or Guest user, a
//   move to another screen (shell/routed-app.tsx), the service worker ready (the app installed: the
//   catalogue mirrored from now on lets it open offline), or the startup asking whether the
//   device can open offline.
// Keeps: the loading layer in module memory, and in localStorage that it ran on this device.
import { getSessionUser, mayHaveLogin, subscribeSessionUser } from '../session/session-user.ts';
import { registerLocalContentCheck } from '../shell/local-content.ts';
// Types only: a value import would put the layer (and Dexie) back into the entry.
import type * as OfflineLayerModule from './start.ts';

type OfflineLayer = typeof OfflineLayerModule;

/** localStorage: set once the layer has run on this device (its database may hold data). */
export const OFFLINE_LAYER_RAN_KEY = 'offlineLayerRan';

let loading: Promise<OfflineLayer> | null = null;
/** A first visit's landing, the layer not started yet (nothing on the device for it). */
let deferred = false;
const listeners = new Set<() => void>();

function noteRan(): void {
  try {
    localStorage.setItem(OFFLINE_LAYER_RAN_KEY, '1');
  } catch {
    // Storage disabled: the next visit's landing starts the layer late, as a first visit's.
  }
}

function hasRanBefore(): boolean {
  try {
    return localStorage.getItem(OFFLINE_LAYER_RAN_KEY) !== null;
  } catch {
    return true;
  }
}

/** Loads and starts the layer once; later calls get the same start. */
export function startOfflineLayer(): Promise<OfflineLayer> {
  // A browser without IndexedDB (some locked-down or embedded ones) cannot keep anything:
  // the app stays online-only rather than starting a layer whose every step would fail.
  if (typeof indexedDB === 'undefined')
    return Promise.reject(new Error('No IndexedDB: the app works online only.'));
  loading ??= import('./start.ts').then((layer) => {
    layer.startOffline();
    noteRan();
    deferred = false;
    for (const listener of listeners) listener();
    return layer;
  });
  return loading;
}

/**
 * Whether the layer waits for a first visit's landing to need it: until it starts, the device
 * has no outbox to show (the shell's status bar reads none).
 */
export function isOfflineLayerDeferred(): boolean {
  return deferred;
}

export function subscribeOfflineLayer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function controlledByWorker(): boolean {
  return 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
}

/** A first visit opening on the landing: nothing on the device for the layer yet. */
function isFirstVisitLanding(): boolean {
  if (window.location.pathname !== '/') return false;
  if (getSessionUser() !== null || mayHaveLogin()) return false;
  return !controlledByWorker() && !hasRanBefore();
}

function startQuietly(): void {
  // A layer that cannot load leaves the app online-only; the next trigger tries nothing more.
  startOfflineLayer().catch(() => undefined);
}

/** main.tsx, before the first render: the local-content check, and the layer's start. */
export function startOfflineLayerWhenNeeded(): void {
  // Asked only when the startup cannot reach the server: the layer's database decides.
  registerLocalContentCheck(async () => (await startOfflineLayer()).hasOfflineContent());
  if (!isFirstVisitLanding()) {
    startQuietly();
    return;
  }
  deferred = true;
  const stopUser = subscribeSessionUser(() => {
    stopUser();
    startQuietly();
  });
  if ('serviceWorker' in navigator) void navigator.serviceWorker.ready.then(startQuietly);
}
