// Startup's own screens (spec section 2 "Startup"; issue 7 item 6) on a phone: the overlay
// 'Establishing secure connection...' and the 'Security Error' screen pass axe's WCAG 2.1 A/AA
// rules, and the Reload button is reached by Tab and works with Enter. This file's server has
// another handshake key than the web build, so the exchange fails (as in
// startup-failure.spec.ts).
import { describe, expect, it } from 'vitest';
import { AxeLog } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { isFocused, tabThroughPage } from './helpers/keyboard.ts';
import { holdRoute } from './helpers/network.ts';
import { shown } from './helpers/waits.ts';
import { AppShell } from './pages/app-shell.ts';
import { control } from './pages/controls.ts';

const e2e = useE2e({ clientAuthKey: 'a-key-this-web-build-does-not-have' });

describe('startup accessibility', () => {
  it("the startup overlay and 'Security Error' pass axe; Reload works from the keyboard", async () => {
    const { page } = await e2e.open();
    const shell = new AppShell(page);
    const axe = new AxeLog(page);
    const handshake = await holdRoute(page, '**/api/security/**');
    await page.goto('/');
    await handshake.arrived();
    await shown(shell.startupOverlay);
    await axe.scan('startup overlay');
    handshake.release();

    await shown(shell.securityError);
    await axe.scan('Security Error');
    expect(axe.found).toEqual([]);

    const walk = await tabThroughPage(page);
    expect(walk.missed).toEqual([]);
    expect(walk.reached).toContain('button "Reload"');
    const reload = control(page, 'Reload');
    await reload.focus();
    expect(await isFocused(reload)).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await shown(shell.securityError);
  });
});
