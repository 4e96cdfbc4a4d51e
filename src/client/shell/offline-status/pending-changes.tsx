import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useNow, useOutboxSummary } from '../../offline/hooks.ts';
import { withNamespaces } from '../../i18n/catalogues.ts';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { longWaitDays, longWaitText, pendingCountText } from '../../offline/status-texts.ts';
import styles from './offline-status.module.css';

type OutboxDialogType = ComponentType<{ onClose: () => void }>;

// Every screen shows this count, so the dialog (and the dialog library) is not in the first
// page's code: it loads once the count shows, and renders directly once loaded.
let loadedDialog: OutboxDialogType | null = null;

// The list flags an order the server will refuse in ordering's words (willBeRefusedText).
const importDialog = withNamespaces(['ordering'], () => import('./outbox-dialog.tsx'));

async function loadDialog(): Promise<OutboxDialogType> {
  const { OutboxDialog } = await importDialog();
  loadedDialog = OutboxDialog;
  return OutboxDialog;
}

const LazyOutboxDialog = lazy(async () => ({ default: await loadDialog() }));

/** The pending-changes count; it opens the outbox list. Hidden when nothing waits. */
export function PendingChanges() {
  const t = useT();
  const { pending, needsAttention, oldestPendingAt } = useOutboxSummary();
  const [open, setOpen] = useState(false);
  const now = useNow(60 * 60_000);
  const shown = pending > 0 || needsAttention > 0 || open;
  useEffect(() => {
    if (shown) loadDialog().catch(() => undefined); // a failure shows when it is opened
  }, [shown]);
  if (!shown) return null;
  const OutboxDialog = loadedDialog ?? LazyOutboxDialog;
  const longWait = oldestPendingAt === null ? null : longWaitDays(oldestPendingAt, now);
  return (
    <>
      <Button variant={needsAttention > 0 ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {pendingCountText(pending, needsAttention) || t('common.outbox.button')}
      </Button>
      {longWait !== null && <p className={styles.longWait}>{longWaitText(longWait)}</p>}
      {open && (
        <Suspense fallback={null}>
          <OutboxDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
