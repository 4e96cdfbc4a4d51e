// The marks that let list refreshes share one request (mirror.ts refreshListFor): fetches
// begun, changes this device sent, and the user's last move to another screen. Apart from
// mirror.ts and free of Dexie: the routed app (shell/routed-app.tsx) marks each move, and
// must not bring the offline layer with it (that loads apart: offline-layer.ts).
// Keeps, in module memory: the three counters.

/** Counts fetches begun: a fetch's mark orders it in time against a pass or request. */
let fetchMarks = 0;
let serverChanges = 0;
/** The mark when the user last moved to another screen (0: none since the app opened). */
let navigationMark = 0;

/** A new fetch begins: its mark, greater than every earlier one. */
export function nextFetchMark(): number {
  fetchMarks += 1;
  return fetchMarks;
}

/** How many changes this device has sent to the server since the app opened. */
export function serverChangeCount(): number {
  return serverChanges;
}

/**
 * This device changed the server's data (an action was sent): a refresh begun before may
 * bring the old data, so later askers start their own.
 */
export function markServerChanged(): void {
  serverChanges += 1;
}

/**
 * The user moved to another screen: the screen that opens refreshes its lists afresh. Until
 * the first move, a screen takes what the app fetched since it opened (the start-up refresh).
 */
export function markNavigation(): void {
  navigationMark = fetchMarks;
}

/** The mark when the user came to the screen they are on (0: the one the app opened on). */
export function navigationFetchMark(): number {
  return navigationMark;
}

/** The mark of the latest fetch begun: fetches begun after this have greater marks. */
export function currentFetchMark(): number {
  return fetchMarks;
}
