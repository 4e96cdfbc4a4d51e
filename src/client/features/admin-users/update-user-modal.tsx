// The Update form (product-spec.md section 2 "Admin users"): the user's fields, 'Submit Update'
// and Cancel (PUT /api/admin/user/update/{userId}).
import { useId, useState } from 'react';
import type { AdminUser } from '#shared/contracts/admin-users';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { alertFailure } from '../admin/admin-errors.ts';
import { UserFormFields } from './user-form-fields.tsx';
import { formOf, updateUser, type UserForm } from './users-api.ts';

interface UpdateUserModalProps {
  user: AdminUser;
  onClose: () => void;
  onUpdated: (message: string) => void;
}

/** Mounted per user (keyed by the caller), so the form starts from that user's fields. */
export function UpdateUserModal({ user, onClose, onUpdated }: UpdateUserModalProps) {
  const formId = useId();
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      onUpdated(await updateUser(user.userId, form));
    } catch (error) {
      alertFailure(error, 'Failed to update the user.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Update User"
      description={`User ID ${user.userId}`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            Submit Update
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <UserFormFields form={form} onChange={setForm} />
      </form>
    </Modal>
  );
}
