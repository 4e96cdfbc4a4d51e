// '/admin/applications' (product-spec.md section 2 "Admin applications"): Pending (Approve,
// Reject), Approved and Rejected tables with applicationId, name, email, phone, notes and
// submission date. A decision's outcome shows above the tables (for an approval: which
// account the email matched and whether it is a volunteer now); a refusal is an alert.
import { useEffect, useRef, useState } from 'react';
import type { ApplicationView } from '#shared/contracts/admin-applications';
import type { MessageId } from '#shared/i18n/messages';
import { t, useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { ActionRecord } from '../../ui/form-message.tsx';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import {
  AdminPage,
  AdminPanel,
  adminStyles as styles,
  Loaded,
  RefreshButton,
  RowsTable,
  Toolbar,
} from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { decideApplication, loadApplications, type Decision } from './applications-api.ts';
import type { DecisionNotice } from './approval-notice.ts';
import noticeStyles from './admin-applications.module.css';

const columns = (t: Translate) => [
  t('admin.applications.column.applicationId'),
  t('admin.applications.column.name'),
  t('admin.applications.column.email'),
  t('admin.applications.column.phone'),
  t('admin.applications.column.notes'),
  t('admin.applications.column.submitted'),
];

type List = 'pending' | 'approved' | 'rejected';

/** Each list's heading, table caption and empty line. */
const LIST_TEXTS = {
  pending: {
    title: 'admin.applications.pending.title',
    caption: 'admin.applications.pending.caption',
    empty: 'admin.applications.pending.empty',
  },
  approved: {
    title: 'admin.applications.approved.title',
    caption: 'admin.applications.approved.caption',
    empty: 'admin.applications.approved.empty',
  },
  rejected: {
    title: 'admin.applications.rejected.title',
    caption: 'admin.applications.rejected.caption',
    empty: 'admin.applications.rejected.empty',
  },
} as const satisfies Record<List, Record<'title' | 'caption' | 'empty', MessageId>>;

const DECIDE_FAILED = {
  approve: 'admin.applications.approveFailed',
  reject: 'admin.applications.rejectFailed',
} as const satisfies Record<Decision, MessageId>;

interface TableProps {
  list: List;
  rows: ApplicationView[];
  onDecide?: (decision: Decision, row: ApplicationView) => void;
  busy?: number | null;
}

function ApplicationRow({
  row,
  onDecide,
  busy,
}: Omit<TableProps, 'rows' | 'list'> & { row: ApplicationView }) {
  const t = useT();
  return (
    <tr>
      <td>{row.applicationId}</td>
      <td className={styles.nowrap}>
        {row.firstName} {row.lastName}
      </td>
      <td>{row.email}</td>
      <td className={styles.nowrap}>{row.phone}</td>
      <td className={styles.wide}>{orDash(row.notes)}</td>
      <td className={styles.nowrap}>{formatTime(row.submissionDate)}</td>
      {onDecide !== undefined && (
        <td>
          <div className={styles.actions}>
            <Button disabled={busy === row.applicationId} onClick={() => onDecide('approve', row)}>
              {t('admin.applications.approve')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy === row.applicationId}
              onClick={() => onDecide('reject', row)}
            >
              {t('admin.applications.reject')}
            </Button>
          </div>
        </td>
      )}
    </tr>
  );
}

function ApplicationTable({ list, rows, onDecide, busy }: TableProps) {
  const t = useT();
  const texts = LIST_TEXTS[list];
  const shown = columns(t);
  if (onDecide !== undefined) shown.push(t('admin.applications.column.actions'));
  return (
    <AdminPanel title={t(texts.title)}>
      <RowsTable caption={t(texts.caption)} columns={shown} rows={rows} empty={t(texts.empty)}>
        {(row) => (
          <ApplicationRow key={row.applicationId} row={row} onDecide={onDecide} busy={busy} />
        )}
      </RowsTable>
    </AdminPanel>
  );
}

/**
 * The last decision's outcome, kept on the page (announce says it: one announcement). It is
 * brought into view when it appears: on a phone the admin may have scrolled down to the row
 * they approved.
 */
function OutcomeNotice({ notice }: { notice: DecisionNotice | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice !== null) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  if (notice === null) return null;
  // 'waiting': the approval changed no account yet (it waits for the applicant's mailed code).
  return (
    <ActionRecord
      ref={ref}
      text={notice.text}
      tone={notice.tone === 'waiting' ? 'waiting' : 'success'}
      className={noticeStyles.notice}
    />
  );
}

/** Reject asks first (issue 20 item 2): a decided application cannot be decided again. */
export function rejectQuestion(row: ApplicationView): ConfirmRequest {
  return {
    title: t('admin.applications.rejectTitle', { name: `${row.firstName} ${row.lastName}` }),
    description: t('admin.applications.rejectDescription', {
      applicationId: String(row.applicationId),
    }),
    confirmLabel: t('admin.applications.rejectConfirm'),
    keepLabel: t('admin.applications.rejectKeep'),
  };
}

export function AdminApplicationsPage() {
  const t = useT();
  const lists = useAdminLoad(loadApplications, t('admin.applications.loadFailed'));
  const [notice, setNotice] = useState<DecisionNotice | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const decide = async (decision: Decision, row: ApplicationView) => {
    if (decision === 'reject' && !(await confirm(rejectQuestion(row)))) return;
    setBusy(row.applicationId);
    setNotice(null);
    try {
      const outcome = await decideApplication(decision, row.applicationId);
      setNotice(outcome);
      announce(outcome.text);
    } catch (error) {
      alertFailure(error, t(DECIDE_FAILED[decision]));
    } finally {
      setBusy(null);
      lists.reload();
    }
  };
  return (
    <AdminPage title={t('admin.applications.title')}>
      <Toolbar>
        <RefreshButton onRefresh={lists.reload} />
      </Toolbar>
      <OutcomeNotice notice={notice} />
      <Loaded load={lists}>
        {(data) => (
          <>
            <ApplicationTable
              list="pending"
              rows={data.pending}
              busy={busy}
              onDecide={(decision, row) => void decide(decision, row)}
            />
            <ApplicationTable list="approved" rows={data.approved} />
            <ApplicationTable list="rejected" rows={data.rejected} />
          </>
        )}
      </Loaded>
      {dialog}
    </AdminPage>
  );
}
