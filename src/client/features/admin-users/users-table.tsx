// The users table (product-spec.md section 2 "Admin users"): userId, username, email, role and
// phone, with Delete, Update and Reset Password; 'Update Subrole' only for VOLUNTEER users.
import type { AdminUser } from '#shared/contracts/admin-users';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { roleWord, subroleWord } from '../../ui/code-words.ts';
import { orDash } from '../../ui/admin/admin-format.ts';
import { adminStyles as styles, RowsTable } from '../../ui/admin/admin-kit.tsx';

const columns = (t: Translate) => [
  t('admin.users.column.userId'),
  t('admin.users.column.username'),
  t('admin.users.column.email'),
  t('admin.users.column.role'),
  t('admin.users.column.phone'),
  t('admin.users.column.actions'),
];

export interface UserActions {
  onDelete: (user: AdminUser) => void;
  onUpdate: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
  onSubrole: (user: AdminUser) => void;
}

function roleText(user: AdminUser): string {
  return user.role === 'VOLUNTEER' && user.volunteerSubRole !== null
    ? `${roleWord(user.role)} (${subroleWord(user.volunteerSubRole)})`
    : roleWord(user.role);
}

function UserRow({ user, actions }: { user: AdminUser; actions: UserActions }) {
  const t = useT();
  return (
    <tr>
      <td>{user.userId}</td>
      <td>{user.username}</td>
      <td>{orDash(user.email)}</td>
      <td className={styles.nowrap}>{roleText(user)}</td>
      <td className={styles.nowrap}>{orDash(user.phone)}</td>
      <td>
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => actions.onDelete(user)}>
            {t('admin.users.delete')}
          </Button>
          <Button variant="secondary" onClick={() => actions.onUpdate(user)}>
            {t('admin.users.update')}
          </Button>
          <Button variant="secondary" onClick={() => actions.onResetPassword(user)}>
            {t('admin.users.resetPassword')}
          </Button>
          {user.role === 'VOLUNTEER' && (
            <Button variant="secondary" onClick={() => actions.onSubrole(user)}>
              {t('admin.users.updateSubrole')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

export function UsersTable({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  const t = useT();
  return (
    <RowsTable
      caption={t('admin.users.caption')}
      columns={columns(t)}
      rows={users}
      empty={t('admin.users.empty')}
    >
      {(user) => <UserRow key={user.userId} user={user} actions={actions} />}
    </RowsTable>
  );
}
