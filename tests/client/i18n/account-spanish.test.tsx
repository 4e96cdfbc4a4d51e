// @vitest-environment jsdom
// The account screens in Spanish (issue 21): login, sign-up, password recovery, the profile
// with its email proof and Notifications panel, the mail opt-out page and feedback show the
// 'account' catalogue's Spanish, and none of its English is left on screen.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { RouteComponent } from '@tanstack/react-router';
import { FeedbackPage } from '#client/features/feedback/feedback-page.tsx';
import { LoginPage } from '#client/features/account/login-page.tsx';
import { ProfilePage } from '#client/features/account/profile-page.tsx';
import { RegisterPage } from '#client/features/account/register-page.tsx';
import { ResetPasswordPage } from '#client/features/account/reset-password-page.tsx';
import { UnsubscribePage } from '#client/features/notifications/unsubscribe-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import { setSessionUser } from '#client/session/session-user';
import { createSignedInUser } from '../../support/factories.ts';
import { sendLoginCookie } from '../support/browser-cookie.ts';
import { useClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';
import { catalogue, englishLeft } from './english-left.ts';

const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    localStorage.clear();
    await activateLanguage('en');
  },
});

const spanish = catalogue('es', 'account');

/** A Spanish text the screens must show. */
function es(id: string): string {
  const text = spanish[id];
  if (text === undefined) throw new Error(`No Spanish ${id}`);
  return text;
}

async function openInSpanish(path: string, Page: RouteComponent, heading: string) {
  await activateLanguage('es');
  renderPage(path, Page);
  expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
}

describe('account screens in Spanish', () => {
  it('login', async () => {
    await openInSpanish('/login', LoginPage, es('account.login.title'));
    expect(screen.getByLabelText(/^Correo o nombre de usuario/)).toBeDefined();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Regístrate' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findAllByText(/./, { selector: '[id$="-error"]' })).not.toHaveLength(0);
    expect(englishLeft('account')).toEqual([]);
  });

  it('sign-up, both steps', async () => {
    await openInSpanish('/register', RegisterPage, 'Crear cuenta');
    expect(screen.getByText('Paso 1 de 2')).toBeDefined();
    expect(screen.getByText(es('account.register.contactNote'))).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Nombre de usuario/), {
      target: { value: 'rosaspanish' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paso 2 de 2')).toBeDefined();
    expect(screen.getByLabelText(/^Confirma la contraseña/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
  });

  it('password recovery, from a mail link', async () => {
    await activateLanguage('es');
    renderPage('/reset_password', ResetPasswordPage, '/reset_password?email=rosa@example.org');
    expect(
      await screen.findByRole('heading', { name: 'Pide un código de recuperación' }),
    ).toBeDefined();
    expect(screen.getByText(es('account.reset.fromLink'))).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ya tengo un código' }));
    expect(
      await screen.findByRole('heading', { name: es('account.reset.verifyTitle') }),
    ).toBeDefined();
    expect(screen.getByText(es('account.fields.newPasswordHint'))).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
  });

  it('profile with the email proof and notifications', async () => {
    const user = await createSignedInUser(db(), { password: 'abcd1234' });
    sendLoginCookie(user.cookie);
    setSessionUser({
      username: user.username,
      userId: user.id,
      role: 'CLIENT',
      email: user.email,
      phone: user.phone,
      emailVerified: false,
    });
    await openInSpanish('/profile', ProfilePage, 'Actualizar perfil');
    expect(screen.getByText('Correo sin confirmar')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Enviar código' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeDefined();
    expect(await screen.findByText(es('account.notifications.emailOn'))).toBeDefined();
    expect(screen.getByText(es('account.notifications.emailNotProven'))).toBeDefined();
    fireEvent.click(screen.getByRole('radio', { name: 'Contraseña' }));
    expect(screen.getByLabelText(/^Confirma la nueva contraseña/)).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
  });

  it('switches a shown screen to Spanish in place', async () => {
    renderPage('/login', LoginPage);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeDefined();
    expect(englishLeft('account').some((left) => left.endsWith(': Forgot Password?'))).toBe(true); // the check sees English when it is there
    await activateLanguage('es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
  });

  it('the mail opt-out page', async () => {
    await openInSpanish('/unsubscribe', UnsubscribePage, 'Notificaciones por correo');
    expect(screen.getByRole('alert').textContent).toBe(es('account.unsubscribe.missingToken'));
    expect(englishLeft('account')).toEqual([]);
  });

  it('feedback', async () => {
    await openInSpanish('/feedback', FeedbackPage, 'Comentarios');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDefined();
    expect(englishLeft('account')).toEqual([]);
  });
});
