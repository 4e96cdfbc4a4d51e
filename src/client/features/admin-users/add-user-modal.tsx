// 'Add New User' (product-spec.md section 7: POST /api/admin/user/create): after success the
// generated password is shown once, so the admin can hand it over; it is never shown again.
import { useId, useState } from 'react';
import type { CreateUserReply } from '#shared/contracts/admin-users';
import { message } from '#shared/i18n/messages';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { AdminForm, CancelAndSubmit } from '../../ui/admin/admin-kit.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors } from '../../ui/form-state.ts';
import { useAdminSend } from '../../ui/admin/use-admin-send.ts';
import { UserFormFields } from './user-form-fields.tsx';
import { createUser, EMPTY_USER_FORM, type UserForm } from './users-api.ts';
import styles from './admin-users.module.css';

interface AddUserModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

function CreatedNote({ created }: { created: CreateUserReply }) {
  // Empty when this was a replay of a create whose first reply was lost: the server does not
  // keep passwords, and its message says to use Reset Password.
  const password = created.generatedPassword;
  const t = useT();
  return (
    <div role="status" className={styles.created}>
      <p>
        {created.message}: <strong>{created.username}</strong>
      </p>
      {password !== '' && (
        <>
          <p>
            {t('admin.users.generatedPassword')} <code className={styles.password}>{password}</code>
          </p>
          <p className={styles.hint}>{t('admin.users.passwordOnce')}</p>
        </>
      )}
    </div>
  );
}

export function AddUserModal({ open, onClose, onCreated }: AddUserModalProps) {
  const t = useT();
  const formId = useId();
  const [form, setForm] = useState<UserForm>(EMPTY_USER_FORM);
  const [created, setCreated] = useState<CreateUserReply | null>(null);
  const { busy, send, error, setError } = useAdminSend();
  const fieldErrors = useFieldErrors<keyof UserForm>();
  const close = () => {
    setForm(EMPTY_USER_FORM);
    setCreated(null);
    setError(null);
    fieldErrors.report({});
    onClose();
  };
  // The server's one rule of the form (a username), beside the field before any call; every
  // other refusal is the server's, under the form.
  const submit = async () => {
    setError(null);
    const username =
      form.username.trim() === '' ? message('admin.users.usernameMissing') : undefined;
    if (!fieldErrors.report(username === undefined ? {} : { username })) return;
    await send(async () => {
      setCreated(await createUser(form));
      onCreated();
    }, t('admin.users.createFailed'));
  };
  const actions =
    created === null ? (
      <CancelAndSubmit formId={formId} busy={busy} onCancel={close}>
        {t('admin.users.create')}
      </CancelAndSubmit>
    ) : (
      <Button onClick={close}>{t('admin.users.done')}</Button>
    );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('admin.users.add')}
      actions={actions}
    >
      {created === null ? (
        <AdminForm id={formId} onSubmit={submit}>
          <UserFormFields
            form={form}
            onChange={(next) => {
              if (next.username !== form.username) fieldErrors.clear('username');
              setForm(next);
            }}
            errors={fieldErrors.errors}
          />
          <ErrorMessage text={error} />
        </AdminForm>
      ) : (
        <CreatedNote created={created} />
      )}
    </Modal>
  );
}
