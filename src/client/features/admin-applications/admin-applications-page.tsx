// '/admin/applications' (product-spec.md section 2 "Admin applications"): Pending (Approve,
// Reject), Approved and Rejected tables with applicationId, name, email, phone, notes and
// submission date. A decision's outcome shows above the tables (for an approval: which
// account the email matched and whether it is a volunteer now); a refusal is an alert.
import { useEffect, useRef, useState } from 'react';
import type { ApplicationView } from '#shared/contracts/admin-applications';
import { Button } from '../../ui/button.tsx';
import { StatusMessage } from '../../ui/form-message.tsx';
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

const COLUMNS = ['Application ID', 'Name', 'Email', 'Phone', 'Notes', 'Submitted'] as const;

interface TableProps {
  title: string;
  rows: ApplicationView[];
  onDecide?: (decision: Decision, row: ApplicationView) => void;
  busy?: number | null;
}

function ApplicationRow({
  row,
  onDecide,
  busy,
}: Omit<TableProps, 'rows' | 'title'> & { row: ApplicationView }) {
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
              Approve
            </Button>
            <Button
              variant="secondary"
              disabled={busy === row.applicationId}
              onClick={() => onDecide('reject', row)}
            >
              Reject
            </Button>
          </div>
        </td>
      )}
    </tr>
  );
}

function ApplicationTable({ title, rows, onDecide, busy }: TableProps) {
  const columns = onDecide === undefined ? COLUMNS : [...COLUMNS, 'Actions'];
  return (
    <AdminPanel title={title}>
      <RowsTable
        caption={`${title} applications`}
        columns={columns}
        rows={rows}
        empty={`No ${title.toLowerCase()} applications.`}
      >
        {(row) => (
          <ApplicationRow key={row.applicationId} row={row} onDecide={onDecide} busy={busy} />
        )}
      </RowsTable>
    </AdminPanel>
  );
}

/**
 * The last decision's outcome (role=status, announced politely). It is brought into view when
 * it appears: on a phone the admin may have scrolled down to the row they approved.
 */
function OutcomeNotice({ notice }: { notice: DecisionNotice | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice !== null) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  if (notice === null) return null;
  // 'waiting': the approval changed no account yet (it waits for the applicant's mailed code).
  return (
    <StatusMessage
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
    title: `Reject the application of ${row.firstName} ${row.lastName}?`,
    description: `Application #${row.applicationId} moves to Rejected and cannot be approved afterwards.`,
    confirmLabel: 'Reject application',
    keepLabel: 'Keep it pending',
  };
}

export function AdminApplicationsPage() {
  const lists = useAdminLoad(loadApplications, 'Failed to load applications');
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
      alertFailure(error, `Failed to ${decision} the application.`);
    } finally {
      setBusy(null);
      lists.reload();
    }
  };
  return (
    <AdminPage title="Volunteer Applications">
      <Toolbar>
        <RefreshButton onRefresh={lists.reload} />
      </Toolbar>
      <OutcomeNotice notice={notice} />
      <Loaded load={lists}>
        {(data) => (
          <>
            <ApplicationTable
              title="Pending"
              rows={data.pending}
              busy={busy}
              onDecide={(decision, row) => void decide(decision, row)}
            />
            <ApplicationTable title="Approved" rows={data.approved} />
            <ApplicationTable title="Rejected" rows={data.rejected} />
          </>
        )}
      </Loaded>
      {dialog}
    </AdminPage>
  );
}
