// The status bar's frame and the parts that need neither the router nor the device's outbox:
// the offline badge, and the update prompt when nothing is being sent. A first visit's landing
// shows this much (IdleStatus, from the entry); offline-status.tsx adds the outbox's parts.
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { OfflineBadge } from './offline-badge.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import styles from './offline-status.module.css';

export function StatusBar({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.bar} aria-label={t('common.offline.statusLabel')} role="region">
      <OfflineBadge />
      {children}
    </div>
  );
}

/** The bar while the offline layer waits (offline/offline-layer.ts): nothing queued, nothing sent. */
export function IdleStatus() {
  return (
    <StatusBar>
      <UpdatePrompt sending={false} />
    </StatusBar>
  );
}
