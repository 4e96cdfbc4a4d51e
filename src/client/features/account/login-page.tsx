import type { SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { loginErrors } from '#shared/rules/auth';
import { openSessionExpired } from '../../api/api-client.ts';
import { setSessionUser } from '../../session/session-user.ts';
import { useT, type Saying, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { FormEnd } from '../../ui/form-end.tsx';
import { useFieldErrors, useFormSend, useFormState } from '../../ui/form-state.ts';
import { Card, PageLayout } from '../../ui/page-layout.tsx';
import { login } from './account-api.ts';
import { accountInputs } from './account-fields.ts';
import { GoBackHeader } from './auth-header.tsx';
import { loginFailure } from './login-errors.ts';
import styles from './account.module.css';

interface LoginForm {
  username: string;
  password: string;
}

/** The form's inputs, labelled in the language of the moment it renders. */
function loginFields(t: Translate): readonly FieldSpec<keyof LoginForm>[] {
  return [
    {
      name: 'username',
      label: t('account.login.username'),
      autoComplete: 'username',
      required: true,
    },
    {
      name: 'password',
      label: t('account.fields.password'),
      ...accountInputs().currentPassword,
      required: true,
    },
  ];
}

/** The line a failed login shows; a login refused for the secure session also opens its dialog. */
function failureLine(caught: unknown): Saying {
  const failure = loginFailure(caught);
  if (failure.openSessionDialog) openSessionExpired();
  return failure.message;
}

export function LoginPage() {
  const navigate = useNavigate();
  const t = useT();
  const { form, change } = useFormState<LoginForm>({ username: '', password: '' });
  const { busy, error, setError, send } = useFormSend();
  const fieldErrors = useFieldErrors<keyof LoginForm>();
  const edit = (name: keyof LoginForm, value: string) => {
    change(name, value);
    fieldErrors.clear(name);
  };

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    if (!fieldErrors.report(loginErrors(form))) return;
    await send(async () => {
      setSessionUser(await login(form.username.trim(), form.password));
      await navigate({ to: '/' });
    }, failureLine);
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      <Card title={t('account.login.title')}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <FormFields
            fields={loginFields(t)}
            values={form}
            onChange={edit}
            errors={fieldErrors.errors}
          />
          <p className={styles.aside}>
            <Link to="/reset_password">{t('account.login.forgotPassword')}</Link>
          </p>
          <FormEnd error={error} busy={busy} submitLabel={t('account.login.submit')}>
            <Button variant="secondary" onClick={() => void navigate({ to: '/register' })}>
              {t('account.login.signUp')}
            </Button>
          </FormEnd>
        </form>
      </Card>
    </PageLayout>
  );
}
