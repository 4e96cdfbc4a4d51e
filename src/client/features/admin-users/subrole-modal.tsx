// The subrole form (product-spec.md section 2 "Admin users"): REGULAR, TEAM_LEAD or CLINICIAN,
// optional notes, 'Submit Subrole Update' and Cancel. Without a user id it alerts
// 'User ID is missing' (section 5) and sends nothing.
import { useId, useState } from 'react';
import {
  ADMIN_USER_LIMITS,
  volunteerSubRoleSchema,
  type VolunteerSubRoleName,
} from '#shared/contracts/admin-users';
import { useT } from '../../i18n/i18n.ts';
import { Modal } from '../../ui/modal.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { subroleWord } from '../../ui/code-words.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { AdminForm, CancelAndSubmit } from '../../ui/admin/admin-kit.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useAdminSend } from '../../ui/admin/use-admin-send.ts';
import type { UserDialogProps } from './user-dialog.ts';
import { updateSubrole } from './users-api.ts';

export function SubroleModal({ user, onClose, onUpdated }: UserDialogProps) {
  const t = useT();
  const formId = useId();
  const [subrole, setSubrole] = useState<VolunteerSubRoleName>(user.volunteerSubRole ?? 'REGULAR');
  const [notes, setNotes] = useState('');
  const { busy, send, error, setError } = useAdminSend();
  const submit = async () => {
    // The id comes from the server's list; the spec's guard stays for a row without one (its
    // text inline, not an alert: issue 20 item 6).
    if (!Number.isInteger(user.userId)) {
      setError(t('admin.users.userIdMissing'));
      return;
    }
    await send(
      async () => onUpdated(await updateSubrole(user.userId, subrole, notes)),
      t('admin.users.subroleFailed'),
    );
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('admin.users.subroleTitle')}
      description={t('admin.users.subroleDescription', { username: user.username })}
      actions={
        <CancelAndSubmit formId={formId} busy={busy} onCancel={onClose}>
          {t('admin.users.subroleSubmit')}
        </CancelAndSubmit>
      }
    >
      <AdminForm id={formId} onSubmit={submit}>
        <SelectField
          label={t('admin.users.field.subrole')}
          value={subrole}
          onChange={(value) => setSubrole(volunteerSubRoleSchema.parse(value))}
          options={volunteerSubRoleSchema.options.map((subrole) => ({
            value: subrole,
            label: subroleWord(subrole),
          }))}
        />
        <TextAreaField
          label={t('admin.users.field.notes')}
          optional
          value={notes}
          onChange={setNotes}
          maxLength={ADMIN_USER_LIMITS.notes}
        />
        <ErrorMessage text={error} />
      </AdminForm>
    </Modal>
  );
}
