// @vitest-environment jsdom
// The shell in Spanish (issue 21, beyond-spec.md section 4): the landing, the not-found page,
// the startup and security screens, and the offline status texts show the 'common'
// catalogue's Spanish, and none of the English of the texts they render.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LandingPage } from '#client/features/landing/landing-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import {
  needsAttentionTitle,
  offlineBadgeText,
  queuedText,
  updateReadyText,
  updateReloadLabel,
} from '#client/offline/status-texts';
import { NotFoundPage } from '#client/pages/not-found-page.tsx';
import { StatusBar } from '#client/shell/offline-status/status-bar.tsx';
import { FatalErrorScreen, SecurityErrorScreen } from '#client/shell/security-error-screen.tsx';
import { StartupOverlay } from '#client/shell/startup-overlay.tsx';
import { renderPage } from '../support/render-page.tsx';
import { catalogue, englishLeft } from './english-left.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLanguage('en');
});

function expectNoEnglish(prefixes: string[]): void {
  const ours = (id: string) => prefixes.some((prefix) => id.startsWith(prefix));
  expect(Object.keys(catalogue('en', 'common')).some(ours)).toBe(true);
  expect(englishLeft('common', ours)).toEqual([]);
}

describe('shell in Spanish', () => {
  it('shows the landing in Spanish, buttons and story, and none of its English', async () => {
    await activateLanguage('es');
    renderPage('/', LandingPage);
    expect(
      await screen.findByRole('heading', {
        name: 'Insumos médicos, llevados hasta donde está la gente',
      }),
    ).toBeDefined();
    for (const name of ['Solicitud de voluntariado', 'Invitado', 'Iniciar sesión', 'Regístrate']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
    }
    expect(screen.getByRole('heading', { name: 'Cómo funciona' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Quiero ser voluntario' })).toBeDefined();
    expect(document.body.textContent).toContain('grupo de medicina de calle');
    expectNoEnglish(['common.landing.']);
  });

  it('shows the not-found page in Spanish', async () => {
    await activateLanguage('es');
    renderPage('/nowhere', NotFoundPage);
    expect(await screen.findByText('Página no encontrada')).toBeDefined();
    expect(screen.getByText('No hay ninguna página en esta dirección.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeDefined();
    expectNoEnglish(['common.notFound.', 'common.action.goBack']);
  });

  it('shows the startup and security screens in Spanish', async () => {
    await activateLanguage('es');
    const { unmount } = render(<StartupOverlay />);
    expect(screen.getByRole('status').textContent).toBe('Estableciendo una conexión segura...');
    unmount();
    render(
      <>
        <SecurityErrorScreen message="" />
        <FatalErrorScreen message="" onRetry={() => undefined} />
      </>,
    );
    expect(screen.getAllByRole('heading', { name: 'Error de seguridad' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeDefined();
    expect(screen.getByText('Error desconocido')).toBeDefined();
    expectNoEnglish(['common.security.', 'common.startup.']);
  });

  it('words the offline status in Spanish: the badge and bar, and the update and queue texts', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await activateLanguage('es');
    render(<StatusBar>{null}</StatusBar>);
    const bar = screen.getByRole('region', { name: 'Estado de la conexión y del envío' });
    expect(bar.textContent).toBe('Sin conexión');
    expect(offlineBadgeText()).toBe('Sin conexión');
    expect(updateReadyText()).toBe('Hay una nueva versión lista');
    expect(updateReloadLabel()).toBe('Recargar');
    expect(needsAttentionTitle()).toBe('Requiere atención');
    expect(queuedText()).toBe('Guardado: se enviará cuando haya conexión');
    await activateLanguage('en');
    expect(bar.textContent).toBe('Offline');
  });
});
