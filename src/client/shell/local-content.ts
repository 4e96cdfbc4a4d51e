// Whether this device has something to show without the network (DESIGN.md "Offline rules"
// 8): a signed-in user, or data the offline layer mirrored. The offline layer registers its
// own check here; the shell asks only when the startup handshake failed at network level.
// Keeps: the registered checks, in module memory.
import { getSessionUser } from '../session/session-user.ts';

type LocalContentCheck = () => Promise<boolean>;

const checks: LocalContentCheck[] = [];

export function registerLocalContentCheck(check: LocalContentCheck): void {
  checks.push(check);
}

export async function hasLocalContent(): Promise<boolean> {
  if (getSessionUser() !== null) return true;
  for (const check of checks) {
    try {
      if (await check()) return true;
    } catch {
      // A broken local store means nothing to show from it.
    }
  }
  return false;
}
