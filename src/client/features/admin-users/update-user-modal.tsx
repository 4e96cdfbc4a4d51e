// The Update form (product-spec.md section 2 "Admin users"): the user's fields, 'Submit Update'
// and Cancel (PUT /api/admin/user/update/{userId}). A new role asks first (role-change.ts);
// keeping the old one puts it back in the form and sends nothing.
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { AdminForm, CancelAndSubmit } from '../../ui/admin/admin-kit.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useAdminSend } from '../../ui/admin/use-admin-send.ts';
import { UserFormFields } from './user-form-fields.tsx';
import { changesRole, roleChangeQuestion } from './role-change.ts';
import type { UserDialogProps } from './user-dialog.ts';
import { formOf, updateUser, type UserForm } from './users-api.ts';

/** Mounted per user (keyed by the caller), so the form starts from that user's fields. */
export function UpdateUserModal({ user, onClose, onUpdated }: UserDialogProps) {
  const t = useT();
  const formId = useId();
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const { busy, send, error } = useAdminSend();
  const { confirm, dialog } = useConfirm();
  const submit = async () => {
    if (changesRole(user, form.role) && !(await confirm(roleChangeQuestion(user, form.role)))) {
      setForm((now) => ({ ...now, role: user.role }));
      return;
    }
    await send(
      async () => onUpdated(await updateUser(user.userId, form)),
      t('admin.users.updateFailed'),
    );
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('admin.users.updateTitle')}
      description={t('admin.users.updateDescription', { userId: String(user.userId) })}
      actions={
        <CancelAndSubmit formId={formId} busy={busy} onCancel={onClose}>
          {t('admin.users.updateSubmit')}
        </CancelAndSubmit>
      }
    >
      <AdminForm id={formId} onSubmit={submit}>
        <UserFormFields form={form} onChange={setForm} />
        <ErrorMessage text={error} />
      </AdminForm>
      {dialog}
    </Modal>
  );
}
