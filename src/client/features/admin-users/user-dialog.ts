import type { AdminUser } from '#shared/contracts/admin-users';

/** A dialog a row's button opens on its user (Update, subrole); `onUpdated` hears the reply. */
export interface UserDialogProps {
  user: AdminUser;
  onClose: () => void;
  onUpdated: (message: string) => void;
}
