// The dialog a round row opens (product-spec.md section 2 "Rounds administration"): tabs
// Details, Run Lottery and Manage Sign-ups, plus Close. What an action says shows at the top;
// every change also reloads the rounds list behind (its counts and status).
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { ActionRecord } from '../../ui/form-message.tsx';
import { DialogClose, NativeDialog } from '../../ui/native-dialog.tsx';
import { AdminTabs } from './admin-tabs.tsx';
import { DetailsTab } from './details-tab.tsx';
import { LotteryTab } from './lottery-tab.tsx';
import { SignupsTab } from './signups-tab.tsx';
import { useRoundDetail } from './use-round-detail.ts';
import styles from './rounds.module.css';

interface RoundDialogProps {
  roundId: number;
  title: string;
  onClose: () => void;
  onChanged: () => void;
}

/** Mounted while open (keyed by the round). */
export function RoundDialog({ roundId, title, onClose, onChanged }: RoundDialogProps) {
  const t = useT();
  const [tab, setTab] = useState('details');
  const [notice, setNotice] = useState<string | null>(null);
  const { detail, reload } = useRoundDetail(roundId, onClose);
  const changed = (message?: string) => {
    if (message !== undefined) setNotice(message);
    reload();
    onChanged();
  };
  const round = detail?.round;
  const id = useId();
  return (
    <NativeDialog
      onClose={onClose}
      labelledBy={id}
      shadeClassName={styles.overlay}
      panelClassName={styles.dialog}
      closeOnShade
    >
      <h2 id={id} className={styles.dialogTitle}>
        {round?.title ?? title}
      </h2>
      {/* Said by the tab's announce; kept here while the dialog is open. */}
      <ActionRecord text={notice} />
      {round === undefined || detail === null ? (
        <p role="status">{t('common.load.loading')}</p>
      ) : (
        <AdminTabs
          label={t('rounds.dialog.tabs')}
          value={tab}
          onValueChange={(value) => {
            setNotice(null);
            setTab(value);
          }}
          tabs={[
            {
              value: 'details',
              label: t('rounds.dialog.detailsTab'),
              content: <DetailsTab round={round} onChanged={changed} />,
            },
            {
              value: 'lottery',
              label: t('rounds.dialog.lotteryTab'),
              content: <LotteryTab round={round} onChanged={() => changed()} />,
            },
            {
              value: 'signups',
              label: t('rounds.dialog.signupsTab'),
              content: <SignupsTab signups={detail.signups} onChanged={changed} />,
            },
          ]}
        />
      )}
      <div className={styles.dialogActions}>
        <DialogClose>
          <Button variant="secondary">{t('rounds.dialog.close')}</Button>
        </DialogClose>
      </div>
    </NativeDialog>
  );
}
