// '/round_admin' (product-spec.md section 2 "Rounds administration"): tabs View Rounds, Create
// Round and Update Round, and Back to Dashboard. A round row opens the round dialog.
import { useState } from 'react';
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { AdminPage, LoadStatus, Toolbar } from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { AdminTabs } from './admin-tabs.tsx';
import { CreateRoundTab } from './create-round-tab.tsx';
import { ROUND_ERRORS, withDetail } from './round-errors.ts';
import { RoundDialog } from './round-dialog.tsx';
import { loadRounds } from './rounds-api.ts';
import { RoundsTable } from './rounds-table.tsx';
import { UpdateRoundTab } from './update-round-tab.tsx';
import { announce } from '../../ui/status-toast.tsx';

function useRoundsPage() {
  const rounds = useAdminLoad(loadRounds, '');
  const [tab, setTab] = useState('view');
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<AdminRound | null>(null);
  const saved = (message: string) => {
    setNotice(message);
    announce(message);
    setTab('view');
    rounds.reload();
  };
  return { rounds, tab, setTab, notice, setNotice, open, setOpen, saved };
}

export function RoundAdminPage() {
  const t = useT();
  const page = useRoundsPage();
  const { rounds } = page;
  // A load failure reads 'Error fetching rounds: <why>' (section 8).
  const error = rounds.error === null ? null : withDetail(ROUND_ERRORS.fetchRounds, rounds.error);
  const view = (
    <>
      <Toolbar>
        <Button variant="secondary" onClick={rounds.reload}>
          {t('common.action.refresh')}
        </Button>
      </Toolbar>
      <LoadStatus loading={rounds.loading} error={error} />
      {rounds.data !== undefined && <RoundsTable rounds={rounds.data} onOpen={page.setOpen} />}
    </>
  );
  return (
    <AdminPage
      title={t('rounds.page.title')}
      backLabel={t('rounds.page.back')}
      notice={page.notice}
    >
      <AdminTabs
        label={t('rounds.page.tabs')}
        value={page.tab}
        onValueChange={(value) => {
          page.setNotice(null);
          page.setTab(value);
        }}
        tabs={[
          { value: 'view', label: t('rounds.page.viewTab'), content: view },
          {
            value: 'create',
            label: t('rounds.page.createTab'),
            content: <CreateRoundTab onCreated={page.saved} />,
          },
          {
            value: 'update',
            label: t('rounds.page.updateTab'),
            content: <UpdateRoundTab onUpdated={page.saved} />,
          },
        ]}
      />
      {page.open !== null && (
        <RoundDialog
          key={page.open.roundId}
          roundId={page.open.roundId}
          title={page.open.title}
          onClose={() => page.setOpen(null)}
          onChanged={rounds.reload}
        />
      )}
    </AdminPage>
  );
}
