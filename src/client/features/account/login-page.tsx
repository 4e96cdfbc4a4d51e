import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { validateLogin } from '#shared/rules/auth';
import { openSessionExpired } from '../../api/api-client.ts';
import { setSessionUser } from '../../session/session-user.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { Card, FormActions, PageLayout } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { login } from './account-api.ts';
import { GoBackHeader } from './auth-header.tsx';
import { loginFailure } from './login-errors.ts';
import styles from './account.module.css';

export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, whileBusy } = useBusy();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    const invalid = validateLogin({ username, password });
    if (invalid !== null) return setError(invalid);
    await whileBusy(async () => {
      try {
        setSessionUser(await login(username.trim(), password));
        await navigate({ to: '/' });
      } catch (caught) {
        const failure = loginFailure(caught);
        setError(failure.message);
        if (failure.openSessionDialog) openSessionExpired();
      }
    });
  }

  return (
    <PageLayout header={<GoBackHeader />} narrow>
      <Card title="Login">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label="Email or UserName"
            value={username}
            onChange={setUsername}
            autoComplete="username"
            required
          />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            required
          />
          <p className={styles.aside}>
            <Link to="/reset_password">Forgot Password?</Link>
          </p>
          <ErrorMessage text={error} />
          <FormActions>
            <Button type="submit" disabled={busy}>
              Log in
            </Button>
            <Button variant="secondary" onClick={() => void navigate({ to: '/register' })}>
              Sign up
            </Button>
          </FormActions>
        </form>
      </Card>
    </PageLayout>
  );
}
