// Delete and Reset Password (product-spec.md sections 2 and 5 "Admin users"). Reset asks for
// the new password in a prompt: an empty answer (or Cancel) cancels silently; a row without a
// user id alerts 'Cannot reset password: User ID is missing'. Both resolve to the server's
// message, or null when nothing was sent; a refusal is an alert.
import type { AdminUser } from '#shared/contracts/admin-users';
import { t } from '../../i18n/i18n.ts';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import type { ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { deleteUser, resetPassword } from './users-api.ts';

/** The spec's alert for a row without a user id, in the admin's language. */
export const resetNoUserId = () => t('admin.users.resetNoUserId');

export async function promptResetPassword(
  user: Pick<AdminUser, 'username'> & { userId: number | null | undefined },
): Promise<string | null> {
  if (user.userId === null || user.userId === undefined) {
    window.alert(resetNoUserId());
    return null;
  }
  const newPassword = window.prompt(t('admin.users.resetPrompt', { username: user.username }));
  if (newPassword === null || newPassword === '') return null;
  try {
    return await resetPassword(user.userId, newPassword);
  } catch (error) {
    alertFailure(error, t('admin.users.resetFailed'));
    return null;
  }
}

export function deleteUserQuestion(user: Pick<AdminUser, 'username'>): ConfirmRequest {
  return {
    title: t('admin.users.deleteTitle', { username: user.username }),
    description: t('admin.users.deleteDescription'),
    confirmLabel: t('admin.users.deleteConfirm'),
    keepLabel: t('admin.users.deleteKeep'),
  };
}

/** Deleting cannot be undone, so the admin confirms it first (in the screen's dialog). */
export async function confirmDeleteUser(
  user: Pick<AdminUser, 'username'>,
  confirm: (request: ConfirmRequest) => Promise<boolean>,
): Promise<string | null> {
  if (!(await confirm(deleteUserQuestion(user)))) return null;
  try {
    return await deleteUser(user.username);
  } catch (error) {
    alertFailure(error, t('admin.users.deleteFailed'));
    return null;
  }
}
