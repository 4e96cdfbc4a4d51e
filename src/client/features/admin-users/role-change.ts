// Changing a user's role in Update User asks first (issue 20: a weighty change): the server
// then ends every sign-in of that user, and what they may see and do changes with the role.
import type { AdminUser } from '#shared/contracts/admin-users';
import { t } from '../../i18n/i18n.ts';
import { roleWord } from '../../ui/code-words.ts';
import type { ConfirmRequest } from '../../ui/confirm-dialog.tsx';

/** Whether sending `role` would change the user's role (and so needs the admin's yes). */
export function changesRole(user: Pick<AdminUser, 'role'>, role: string): boolean {
  return role !== user.role;
}

export function roleChangeQuestion(
  user: Pick<AdminUser, 'username' | 'role'>,
  role: string,
): ConfirmRequest {
  const from = roleWord(user.role);
  const to = roleWord(role);
  return {
    title: t('admin.users.roleChangeTitle', { username: user.username, from, to }),
    description: t('admin.users.roleChangeDescription', { username: user.username, to }),
    confirmLabel: t('admin.users.roleChangeConfirm'),
    keepLabel: t('admin.users.roleChangeKeep', { from }),
    tone: 'primary',
  };
}
