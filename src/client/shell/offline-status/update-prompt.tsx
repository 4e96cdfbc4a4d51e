import { useSyncExternalStore } from 'react';
import {
  isUpdateWaiting,
  reloadToUpdate,
  subscribeUpdateWaiting,
} from '../../offline/service-worker.ts';
import { Button } from '../../ui/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { updateReadyText, updateReloadLabel } from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

/**
 * "A new version is ready — Reload". Offered, never forced; while the outbox is sending,
 * Reload waits (a reload mid-send would only re-send later, but it would look lost).
 * `sending` comes from the outbox status (outbox-status.tsx); before the offline layer has
 * started, nothing is being sent.
 */
export function UpdatePrompt({ sending }: { sending: boolean }) {
  useT(); // renders again when the language changes
  const waiting = useSyncExternalStore(subscribeUpdateWaiting, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <p role="status" className={styles.banner}>
      {updateReadyText()} —{' '}
      <Button variant="primary" disabled={sending} onClick={() => void reloadToUpdate()}>
        {updateReloadLabel()}
      </Button>
    </p>
  );
}
