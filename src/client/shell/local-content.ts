// Whether this device has something to show without the network (DESIGN.md "Offline rules"
// 8): a signed-in user, an installed app (its service worker serves the page), or data the
// offline layer mirrored. The offline layer registers its own check here; the shell asks only
// when the startup handshake failed at network level.
// Keeps: the registered checks, in module memory.
import { getSessionUser } from '../session/session-user.ts';

type LocalContentCheck = () => Promise<boolean>;

const checks: LocalContentCheck[] = [];

export function registerLocalContentCheck(check: LocalContentCheck): void {
  checks.push(check);
}

/** The app is installed here: its service worker serves this page (so it was here before). */
function servedByWorker(): boolean {
  return 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
}

export async function hasLocalContent(): Promise<boolean> {
  if (getSessionUser() !== null) return true;
  // The registered checks first: the offline layer's also restores the device's signed-in user
  // (a new tab has none of its own).
  for (const check of checks) {
    try {
      if (await check()) return true;
    } catch {
      // A broken local store means nothing to show from it.
    }
  }
  // A returning device opens offline on what it has (the landing at least) even when the
  // offline layer has mirrored nothing yet: that mirror starts late on a first visit's landing,
  // and going offline before it finished showed 'Security Error' to an installed app.
  return servedByWorker();
}
