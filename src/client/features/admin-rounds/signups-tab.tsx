// The round dialog's Manage Sign-ups tab: confirm a waitlisted sign-up into a free slot, or
// reject (delete) one ('Error confirming signup', 'Error rejecting signup').
import type { AdminSignup } from '#shared/contracts/admin-rounds';
import { Button } from '../../ui/button.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { AdminTable, adminStyles, EmptyText, HeaderRow } from '../../ui/admin/admin-kit.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { confirmSignup, rejectSignup } from './rounds-api.ts';

const COLUMNS = ['Signup ID', 'Name', 'Username', 'Status', 'Signed up', 'Actions'] as const;

interface SignupsTabProps {
  signups: AdminSignup[];
  onChanged: (message: string) => void;
}

export function SignupsTab({ signups, onChanged }: SignupsTabProps) {
  const act = async (run: () => Promise<string>, label: string) => {
    try {
      onChanged(await run());
    } catch (error) {
      alertRoundError(label, error);
    }
  };
  if (signups.length === 0) return <EmptyText>No sign-ups for this round.</EmptyText>;
  return (
    <AdminTable caption="Sign-ups">
      <HeaderRow columns={COLUMNS} />
      <tbody>
        {signups.map((signup) => (
          <tr key={signup.signupId}>
            <td>{signup.signupId}</td>
            <td className={adminStyles.nowrap}>
              {orDash([signup.firstName, signup.lastName].filter(Boolean).join(' '))}
            </td>
            <td>{signup.username}</td>
            <td>{signup.status}</td>
            <td className={adminStyles.nowrap}>{formatTime(signup.createdAt)}</td>
            <td>
              <div className={adminStyles.actions}>
                {signup.status === 'WAITLISTED' && (
                  <Button
                    onClick={() =>
                      void act(() => confirmSignup(signup.signupId), ROUND_ERRORS.confirm)
                    }
                  >
                    Confirm
                  </Button>
                )}
                <Button
                  variant="danger"
                  onClick={() => void act(() => rejectSignup(signup.signupId), ROUND_ERRORS.reject)}
                >
                  Reject
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
