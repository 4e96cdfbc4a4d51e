// @vitest-environment jsdom
// Startup (spec section 2 "Startup", DESIGN.md "Offline rules" 8): the overlay while the key
// exchange runs; a first visit the server cannot be reached for gets the Security Error
// screen, a device with a signed-in user opens anyway; with the server up, the landing page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setApiBaseUrl } from '#client/api/api-client';
import { setSessionUser } from '#client/session/session-user';
import { AppShell } from '#client/shell/app-shell.tsx';
import type { TestServer } from '../../support/build-app.ts';
import { startClientServer } from '../support/client-server.ts';
import { SERVER_WAIT } from '../support/form.ts';

let server: TestServer;
let unreachable: string;

beforeAll(async () => {
  const gone = await startClientServer();
  unreachable = gone.baseUrl;
  await gone.close();
  server = await startClientServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  cleanup();
  setSessionUser(null);
});

describe('app shell startup', () => {
  it('shows the Security Error screen when a first visit cannot reach the server', async () => {
    setApiBaseUrl(unreachable);
    render(<AppShell />);
    expect(screen.getByText('Establishing secure connection...')).toBeDefined();
    expect(
      await screen.findByRole('heading', { name: 'Security Error' }, SERVER_WAIT),
    ).toBeDefined();
    expect(
      screen.getByText(/^Server communication failed: .* \(fallback attempted\)$/),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
  });

  it('opens offline for a device that has a signed-in user', async () => {
    setApiBaseUrl(unreachable);
    setSessionUser({ username: 'carol', userId: 7, role: 'CLIENT', email: null, phone: null });
    render(<AppShell />);
    expect(await screen.findByRole('button', { name: 'Log Out' }, SERVER_WAIT)).toBeDefined();
    expect(screen.getByText('Hello, carol!')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Security Error' })).toBeNull();
  });

  it('shows the landing page once the key exchange succeeds', async () => {
    setApiBaseUrl(server.baseUrl);
    render(<AppShell />);
    for (const name of ['Volunteer Application', 'Guest', 'Login', 'Sign up'])
      expect(await screen.findByRole('button', { name }, SERVER_WAIT)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Volunteering' })).toBeDefined();
  });
});
