// The round dialog's Manage Sign-ups tab: confirm a waitlisted sign-up into a free slot, or
// reject (delete) one ('Error confirming signup', 'Error rejecting signup'). Below, the
// sign-ups volunteers cancelled, with when, kept for the record (beyond-spec.md section 2
// "Sign-ups leave a record"): a table of their own, so they can never be taken for live ones,
// and without actions (the server refuses any decision on them).
import { useId } from 'react';
import type { AdminSignup } from '#shared/contracts/admin-rounds';
import { t as translate, useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { AdminTable, adminStyles, EmptyText, HeaderRow } from '../../ui/admin/admin-kit.tsx';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { alertRoundError, ROUND_ERRORS, type RoundErrorId } from './round-errors.ts';
import { confirmSignup, rejectSignup } from './rounds-api.ts';
import { signupStatusWord } from './status-words.ts';
import styles from './rounds.module.css';

const columns = (t: Translate) => [
  t('rounds.signups.column.signupId'),
  t('rounds.signups.column.name'),
  t('rounds.signups.column.username'),
  t('rounds.signups.column.status'),
  t('rounds.signups.column.signedUp'),
  t('rounds.signups.column.actions'),
];
// The cancel time next to the name: on a phone it shows without scrolling sideways.
const cancelledColumns = (t: Translate) => [
  t('rounds.signups.column.signupId'),
  t('rounds.signups.column.name'),
  t('rounds.signups.column.cancelled'),
  t('rounds.signups.column.signedUp'),
  t('rounds.signups.column.username'),
];

interface SignupsTabProps {
  signups: AdminSignup[];
  onChanged: (message: string) => void;
}

function fullName(signup: AdminSignup): string {
  return orDash([signup.firstName, signup.lastName].filter(Boolean).join(' '));
}

export function SignupsTab({ signups, onChanged }: SignupsTabProps) {
  const t = useT();
  const live = signups.filter((signup) => signup.status !== 'CANCELLED');
  const cancelled = signups.filter((signup) => signup.status === 'CANCELLED');
  return (
    <>
      {live.length === 0 ? (
        <EmptyText>{t('rounds.signups.empty')}</EmptyText>
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
    title: translate('rounds.signups.rejectTitle', { username: signup.username }),
    description: translate('rounds.signups.rejectDescription', { signupId: signup.signupId }),
    confirmLabel: translate('rounds.signups.rejectConfirm'),
    keepLabel: translate('rounds.signups.rejectKeep'),
  };
}

function LiveSignups({ signups, onChanged }: SignupsTabProps) {
  const t = useT();
  const { confirm, dialog } = useConfirm();
  const act = async (run: () => Promise<string>, label: RoundErrorId, news: string) => {
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
      t('rounds.signups.rejected', { username: signup.username }),
    );
  };
  return (
    <>
      {dialog}
      <AdminTable caption={t('rounds.signups.caption')}>
        <HeaderRow columns={columns(t)} />
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.signupId}>
              <td>{signup.signupId}</td>
              <td>{fullName(signup)}</td>
              <td>{signup.username}</td>
              <td>
                <StatusBadge status={signup.status}>{signupStatusWord(signup.status)}</StatusBadge>
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
                          t('rounds.signups.confirmed', { username: signup.username }),
                        )
                      }
                    >
                      {t('rounds.signups.confirm')}
                    </Button>
                  )}
                  <Button variant="danger" onClick={() => void reject(signup)}>
                    {t('rounds.signups.reject')}
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
  const t = useT();
  const titleId = useId();
  return (
    <section className={styles.cancelledSignups} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cancelledTitle}>
        {t('rounds.signups.cancelledTitle', { count: signups.length })}
      </h3>
      <p className={styles.cancelledNote}>{t('rounds.signups.cancelledNote')}</p>
      <AdminTable caption={t('rounds.signups.cancelledCaption')}>
        <HeaderRow columns={cancelledColumns(t)} />
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
