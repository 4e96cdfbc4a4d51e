// The users table (product-spec.md section 2 "Admin users"): userId, username, email, role and
// phone, with Delete, Update and Reset Password; 'Update Subrole' only for VOLUNTEER users.
import type { AdminUser } from '#shared/contracts/admin-users';
import { Button } from '../../ui/button.tsx';
import { orDash } from '../../ui/admin/admin-format.ts';
import { adminStyles as styles, RowsTable } from '../../ui/admin/admin-kit.tsx';

const COLUMNS = ['User ID', 'Username', 'Email', 'Role', 'Phone', 'Actions'] as const;

export interface UserActions {
  onDelete: (user: AdminUser) => void;
  onUpdate: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
  onSubrole: (user: AdminUser) => void;
}

function roleText(user: AdminUser): string {
  return user.role === 'VOLUNTEER' && user.volunteerSubRole !== null
    ? `${user.role} (${user.volunteerSubRole})`
    : user.role;
}

function UserRow({ user, actions }: { user: AdminUser; actions: UserActions }) {
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
            Delete
          </Button>
          <Button variant="secondary" onClick={() => actions.onUpdate(user)}>
            Update
          </Button>
          <Button variant="secondary" onClick={() => actions.onResetPassword(user)}>
            Reset Password
          </Button>
          {user.role === 'VOLUNTEER' && (
            <Button variant="secondary" onClick={() => actions.onSubrole(user)}>
              Update Subrole
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

export function UsersTable({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  return (
    <RowsTable caption="Users" columns={COLUMNS} rows={users} empty="No users.">
      {(user) => <UserRow key={user.userId} user={user} actions={actions} />}
    </RowsTable>
  );
}
