// The server's clock as this device knows it. A phone's clock may be a day off (issue 17: clock
// skew of ±1 day must break nothing), and the rules a device applies on its own — dropping an
// address when the server said it may be kept only until a given instant — must run on the
// server's time, not the phone's. Every reply's `Date` header tells the server's time to the
// second; the offset is kept in memory and in localStorage, so an offline relaunch still has it.
const STORE_KEY = 'streetmed.serverClockOffsetMs';
/** Offsets this small are network time and the Date header's rounding, not a wrong clock. */
const NOISE_MS = 5_000;

function storage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null; // storage blocked: the offset lives in memory only
  }
}

function readStored(): number {
  const value = Number(storage()?.getItem(STORE_KEY) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

let offsetMs = readStored();

/**
 * Learns the offset from a reply's Date header, read against the middle of the request's
 * round trip (the header's second is rounded down: half a second is added back).
 */
export function noteServerDate(
  dateHeader: string | null,
  sentAtMs: number,
  receivedAtMs: number,
): void {
  const serverMs = dateHeader === null ? NaN : Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return;
  const measured = serverMs + 500 - (sentAtMs + receivedAtMs) / 2;
  const next = Math.abs(measured) < NOISE_MS ? 0 : Math.round(measured);
  if (Math.abs(next - offsetMs) < NOISE_MS) return;
  offsetMs = next;
  try {
    storage()?.setItem(STORE_KEY, String(next));
  } catch {
    // a full or blocked storage keeps the offset in memory only
  }
}

/** A device time as the server's clock read it (the device's own until a reply came). */
export function serverTimeAt(deviceTime: Date): Date {
  return new Date(deviceTime.getTime() + offsetMs);
}

/** Now, by the server's clock as last seen. */
export function serverNow(): Date {
  return serverTimeAt(new Date());
}

/** For tests: forget what was learned. */
export function resetServerClock(): void {
  offsetMs = 0;
  storage()?.removeItem(STORE_KEY);
}
