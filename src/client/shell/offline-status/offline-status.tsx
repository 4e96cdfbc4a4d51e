// Everything the offline layer shows on every screen (DESIGN.md offline rule 7): the offline
// badge, the pending-changes count (opens the outbox), the sign-in pause and the update
// prompt. The shell mounts it once, under the router (it links to /login). It renders nothing
// when all is well.
import { OfflineBadge } from './offline-badge.tsx';
import { PendingChanges } from './pending-changes.tsx';
import { SignInBanner } from './sign-in-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import styles from './offline-status.module.css';

export function OfflineStatus() {
  return (
    <div className={styles.bar} aria-label="Connection and sync status" role="region">
      <OfflineBadge />
      <PendingChanges />
      <SignInBanner />
      <UpdatePrompt />
    </div>
  );
}
