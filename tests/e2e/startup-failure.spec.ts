// Startup when the key exchange fails (spec section 2 "Startup", section 8 "Secure session").
// This file's server has another handshake key than the web build, so it refuses the build's
// signature with 401: a server that answers but fails the exchange.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/chromium.ts';
import { AppShell } from './pages/app-shell.ts';
import { control } from './pages/controls.ts';
import { useE2e } from './helpers/harness.ts';
import { dropRequests } from './helpers/network.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e({ clientAuthKey: 'a-key-this-web-build-does-not-have' });

describe('startup failure', () => {
  it("shows 'Security Error' with the reason and a Reload button", async () => {
    const { page } = await e2e.open();
    const shell = new AppShell(page);
    await page.goto('/');
    await shown(shell.securityError);
    await shown(page.getByText('Server handshake failed: 401', { exact: true }));
    await screenshot(page, 'security-error-phone');
    const reload = control(page, 'Reload');
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await shown(shell.securityError);
    const completed = await e2e.server.db
      .selectFrom('secure_sessions')
      .select('id')
      .where('aes_key', 'is not', null)
      .execute();
    expect(completed).toEqual([]);
  });

  it('a first visit that cannot reach the server at all also ends on Security Error', async () => {
    const { page } = await e2e.open();
    // The network drops the exchange (nothing local to show on a first visit).
    await dropRequests(page, '**/api/security/**');
    await page.goto('/');
    await shown(new AppShell(page).securityError);
    await shown(page.getByText(/^Server communication failed: .+ \(fallback attempted\)$/));
  });
});
