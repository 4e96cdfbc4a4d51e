import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { isGuest, updateSessionUser, type SessionUser } from '../../session/session-user.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import {
  useFieldErrors,
  useFormSend,
  useFormState,
  useNoteThenLeave,
} from '../../ui/form-state.ts';
import { Card, PageLayout } from '../../ui/page-layout.tsx';
import { NotificationsPanel } from '../notifications/index.ts';
import { updateProfile, type ProfileField } from './account-api.ts';
import { EmailProof } from './email-proof.tsx';
import { FieldChoice } from './field-choice.tsx';
import { ProfileFields } from './profile-fields.tsx';
import {
  EMPTY_PROFILE_FORM,
  profileFailure,
  requestFields,
  profileErrors,
  type ProfileForm,
} from './profile-update.ts';
import styles from './account.module.css';

/** Spec section 9: the success note stays 1.5 s before going home. */
export const PROFILE_REDIRECT_MS = 1500;

function ProfileEditor({ user, userId }: { user: SessionUser; userId: number }) {
  const navigate = useNavigate();
  const t = useT();
  const [field, setField] = useState<ProfileField>('username');
  const { form, change } = useFormState<ProfileForm>(EMPTY_PROFILE_FORM);
  const { busy, error, setError, send } = useFormSend();
  const [success, setSuccess] = useNoteThenLeave('/', PROFILE_REDIRECT_MS);
  const fieldErrors = useFieldErrors<keyof ProfileForm>();
  const edit = (name: keyof ProfileForm, value: string) => {
    change(name, value);
    fieldErrors.clear(name);
  };

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    if (!fieldErrors.report(profileErrors(field, form, user))) return;
    await send(
      async () => {
        const reply = await updateProfile(field, userId, requestFields(field, form));
        // The reply carries the account as it now is: keep the session user in step with it
        // (a new email is unproven until its mailed code is entered).
        const { username, email, phone, emailVerified } = reply;
        updateSessionUser({ username, email, phone, emailVerified });
        setSuccess(reply.message);
      },
      (caught) => profileFailure(field, caught),
    );
  }

  return (
    <>
      <p className={styles.steps}>
        {t('account.profile.signedInAs')} <strong>{user.username}</strong>
        {user.email !== null && <> · {user.email}</>}
        {user.phone !== null && <> · {user.phone}</>}
      </p>
      {/* Keyed by the email: a changed email starts its own proof from the beginning. */}
      <EmailProof key={user.email} user={user} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FieldChoice
          value={field}
          onChange={(next) => {
            setField(next);
            setError(null);
            fieldErrors.report({});
          }}
        />
        <ProfileFields field={field} form={form} change={edit} errors={fieldErrors.errors} />
        <FormEnd
          error={error}
          success={success}
          busy={busy}
          submitLabel={t('account.profile.submit')}
        >
          <Button variant="secondary" onClick={() => void navigate({ to: '/' })}>
            {t('account.profile.cancel')}
          </Button>
        </FormEnd>
      </form>
    </>
  );
}

/** '/profile': change one of username, email, password or phone number. */
export function ProfilePage() {
  const navigate = useNavigate();
  const t = useT();
  const user = useSessionUser();
  const userId = user === null || isGuest(user) ? null : user.userId;
  return (
    <PageLayout header={<AppHeader />} narrow>
      <Card title={t('account.profile.title')}>
        {user !== null && userId !== null ? (
          <ProfileEditor user={user} userId={userId} />
        ) : (
          <>
            <p>{t('account.profile.logInFirst')}</p>
            <Button onClick={() => void navigate({ to: '/login' })}>
              {t('account.profile.login')}
            </Button>
          </>
        )}
      </Card>
      {/* Issue 19: push on this device and email, for anyone with an account. */}
      {user !== null && userId !== null && <NotificationsPanel user={user} userId={userId} />}
    </PageLayout>
  );
}
