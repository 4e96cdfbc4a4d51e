// '/admin/users' (product-spec.md section 2 "Admin users"): the users table and its actions,
// the 'Add New User' form, the Update form and the subrole form. A write's message shows on
// the page; a refusal is an alert (section 8).
import { useState } from 'react';
import type { AdminUser } from '#shared/contracts/admin-users';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { AdminPage, Loaded, RefreshButton, Toolbar } from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { confirmDeleteUser, promptResetPassword } from './account-actions.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { SubroleModal } from './subrole-modal.tsx';
import { UpdateUserModal } from './update-user-modal.tsx';
import { loadUsers } from './users-api.ts';
import { UsersTable } from './users-table.tsx';

/** The dialogs a row's button opens on its user. */
const EDIT_DIALOGS = { update: UpdateUserModal, subrole: SubroleModal } as const;

type Editing = { form: keyof typeof EDIT_DIALOGS; user: AdminUser } | null;

export function AdminUsersPage() {
  const t = useT();
  const users = useAdminLoad(loadUsers, t('admin.users.loadFailed'));
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();
  const done = (message: string | null) => {
    if (message === null) return;
    setNotice(message);
    announce(message);
    setEditing(null);
    users.reload();
  };
  const actions = {
    onDelete: (user: AdminUser) => void confirmDeleteUser(user, confirm).then(done),
    onResetPassword: (user: AdminUser) => void promptResetPassword(user).then(done),
    onUpdate: (user: AdminUser) => setEditing({ form: 'update', user }),
    onSubrole: (user: AdminUser) => setEditing({ form: 'subrole', user }),
  };
  const EditDialog = editing === null ? null : EDIT_DIALOGS[editing.form];
  return (
    <AdminPage title={t('admin.users.title')} notice={notice}>
      <Toolbar>
        <Button onClick={() => setAdding(true)}>{t('admin.users.add')}</Button>
        <RefreshButton onRefresh={users.reload} />
      </Toolbar>
      <Loaded load={users}>{(data) => <UsersTable users={data} actions={actions} />}</Loaded>
      <AddUserModal open={adding} onClose={() => setAdding(false)} onCreated={users.reload} />
      {EditDialog !== null && editing !== null && (
        <EditDialog
          key={editing.user.userId}
          user={editing.user}
          onClose={() => setEditing(null)}
          onUpdated={done}
        />
      )}
      {dialog}
    </AdminPage>
  );
}
