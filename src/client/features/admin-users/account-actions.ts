// Delete and Reset Password (product-spec.md sections 2 and 5 "Admin users"). Reset asks for
// the new password in a prompt: an empty answer (or Cancel) cancels silently; a row without a
// user id alerts 'Cannot reset password: User ID is missing'. Both resolve to the server's
// message, or null when nothing was sent; a refusal is an alert.
import type { AdminUser } from '#shared/contracts/admin-users';
import { alertFailure } from '../../ui/admin/admin-errors.ts';
import type { ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { deleteUser, resetPassword } from './users-api.ts';

export const RESET_NO_USER_ID = 'Cannot reset password: User ID is missing';

export async function promptResetPassword(
  user: Pick<AdminUser, 'username'> & { userId: number | null | undefined },
): Promise<string | null> {
  if (user.userId === null || user.userId === undefined) {
    window.alert(RESET_NO_USER_ID);
    return null;
  }
  const newPassword = window.prompt(`Enter a new password for ${user.username}:`);
  if (newPassword === null || newPassword === '') return null;
  try {
    return await resetPassword(user.userId, newPassword);
  } catch (error) {
    alertFailure(error, 'Failed to reset the password.');
    return null;
  }
}

export function deleteUserQuestion(user: Pick<AdminUser, 'username'>): ConfirmRequest {
  return {
    title: `Delete user ${user.username}?`,
    description: 'The account and its sign-in go for good. This cannot be undone.',
    confirmLabel: 'Delete user',
    keepLabel: 'Keep user',
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
    alertFailure(error, 'Failed to delete the user.');
    return null;
  }
}
