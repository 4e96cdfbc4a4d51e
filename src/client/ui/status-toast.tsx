// The app's short news after an action (issue 20 item 2): "Order #12 cancelled", "Saved — will
// send when online". One polite live region (role=status) is on the page from the start, so
// what is put in it is announced; each message stays a few seconds, at the bottom of the
// screen where a phone user's thumb and eyes are, and goes. Any screen calls `announce(text)`;
// the shell renders `<StatusToasts />` once.
import { useSyncExternalStore } from 'react';
import styles from './status-toast.module.css';

/** How long a message stays on screen. */
export const TOAST_MS = 6_000;

interface Toast {
  id: number;
  text: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Says `text` in the status region for a few seconds (the same text again restarts it). */
export function announce(text: string): void {
  const toast = { id: nextId++, text };
  // At most three at once; an older copy of the same news gives way to the new one.
  publish([...toasts.filter((t) => t.text !== text), toast].slice(-3));
  setTimeout(() => publish(toasts.filter((t) => t.id !== toast.id)), TOAST_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function StatusToasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div role="status" aria-live="polite" className={styles.region} data-testid="status-toasts">
      {shown.map((toast) => (
        <p key={toast.id} className={styles.toast}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
