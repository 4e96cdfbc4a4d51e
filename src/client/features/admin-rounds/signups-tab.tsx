// The round dialog's Manage Sign-ups tab: confirm a waitlisted sign-up into a free slot, or
// reject (delete) one ('Error confirming signup', 'Error rejecting signup'). Below, the
// sign-ups volunteers cancelled, with when, kept for the record (beyond-spec.md section 2
// "Sign-ups leave a record"): a table of their own, so they can never be taken for live ones,
// and without actions (the server refuses any decision on them).
import { useId } from 'react';
import type { AdminSignup } from '#shared/contracts/admin-rounds';
import { Button } from '../../ui/button.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { AdminTable, adminStyles, EmptyText, HeaderRow } from '../../ui/admin/admin-kit.tsx';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { confirmSignup, rejectSignup } from './rounds-api.ts';
import styles from './rounds.module.css';

const COLUMNS = ['Signup ID', 'Name', 'Username', 'Status', 'Signed up', 'Actions'] as const;
// The cancel time next to the name: on a phone it shows without scrolling sideways.
const CANCELLED_COLUMNS = ['Signup ID', 'Name', 'Cancelled', 'Signed up', 'Username'] as const;

interface SignupsTabProps {
  signups: AdminSignup[];
  onChanged: (message: string) => void;
}

function fullName(signup: AdminSignup): string {
  return orDash([signup.firstName, signup.lastName].filter(Boolean).join(' '));
}

export function SignupsTab({ signups, onChanged }: SignupsTabProps) {
  const live = signups.filter((signup) => signup.status !== 'CANCELLED');
  const cancelled = signups.filter((signup) => signup.status === 'CANCELLED');
  return (
    <>
      {live.length === 0 ? (
        <EmptyText>No sign-ups for this round.</EmptyText>
      ) : (
        <LiveSignups signups={live} onChanged={onChanged} />
      )}
      {cancelled.length > 0 && <CancelledSignups signups={cancelled} />}
    </>
  );
}

/** Reject asks first (issue 20 item 2): the sign-up is deleted, and its place with it. */
export function rejectSignupQuestion(signup: AdminSignup): ConfirmRequest {
  return {
    title: `Reject the sign-up of ${signup.username}?`,
    description: `Sign-up #${signup.signupId} is removed from this round; the volunteer loses their place. This cannot be undone.`,
    confirmLabel: 'Reject sign-up',
    keepLabel: 'Keep sign-up',
  };
}

function LiveSignups({ signups, onChanged }: SignupsTabProps) {
  const { confirm, dialog } = useConfirm();
  const act = async (run: () => Promise<string>, label: string, news: string) => {
    try {
      onChanged(await run());
      announce(news);
    } catch (error) {
      alertRoundError(label, error);
    }
  };
  const reject = async (signup: AdminSignup) => {
    if (!(await confirm(rejectSignupQuestion(signup)))) return;
    await act(
      () => rejectSignup(signup.signupId),
      ROUND_ERRORS.reject,
      `Sign-up of ${signup.username} rejected`,
    );
  };
  return (
    <>
      {dialog}
      <AdminTable caption="Sign-ups">
        <HeaderRow columns={COLUMNS} />
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.signupId}>
              <td>{signup.signupId}</td>
              <td>{fullName(signup)}</td>
              <td>{signup.username}</td>
              <td>
                <StatusBadge status={signup.status} />
              </td>
              <td>{formatTime(signup.createdAt)}</td>
              <td>
                <div className={adminStyles.actions}>
                  {signup.status === 'WAITLISTED' && (
                    <Button
                      onClick={() =>
                        void act(
                          () => confirmSignup(signup.signupId),
                          ROUND_ERRORS.confirm,
                          `Sign-up of ${signup.username} confirmed`,
                        )
                      }
                    >
                      Confirm
                    </Button>
                  )}
                  <Button variant="danger" onClick={() => void reject(signup)}>
                    Reject
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}

/** The history: who cancelled and when; they hold no slot. */
function CancelledSignups({ signups }: { signups: AdminSignup[] }) {
  const titleId = useId();
  return (
    <section className={styles.cancelledSignups} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cancelledTitle}>
        Cancelled by the volunteer ({signups.length})
      </h3>
      <p className={styles.cancelledNote}>Kept for the record; they hold no slot.</p>
      <AdminTable caption="Cancelled by the volunteer">
        <HeaderRow columns={CANCELLED_COLUMNS} />
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.signupId}>
              <td>{signup.signupId}</td>
              <td className={adminStyles.nowrap}>{fullName(signup)}</td>
              <td className={adminStyles.nowrap}>
                {signup.cancelledAt === null ? '—' : formatTime(signup.cancelledAt)}
              </td>
              <td className={adminStyles.nowrap}>{formatTime(signup.createdAt)}</td>
              <td>{signup.username}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </section>
  );
}
