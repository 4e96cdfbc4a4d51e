// Whether the 'Session Expired' modal is open (spec section 2 "Startup"). The api layer opens
// it when a foreground action still fails after one silent re-handshake, and the login screen
// opens it on a server error; the shell renders it.
// Keeps: one boolean in module memory, with subscribers.

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function isSessionExpiredOpen(): boolean {
  return open;
}

export function subscribeSessionExpired(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openSessionExpired(): void {
  set(true);
}

export function closeSessionExpired(): void {
  set(false);
}
