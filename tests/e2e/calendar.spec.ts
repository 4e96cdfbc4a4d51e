// Issue 19 "Show": the volunteer dashboard's Add to calendar, in Chromium on the production
// build against the real server. The dialog shows the volunteer's private feed link; Copy link
// puts exactly that link on the clipboard (read back with the clipboard permission granted);
// the webcal: link is the same address for calendar apps; the feed at the copied URL, fetched
// with no cookie as a calendar app would, parses (ical.js) with the volunteer's rounds; and
// Get a new link, once confirmed, replaces it and the old link stops working.
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { AxeLog } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { checkDialogKeyboard, WELL_BEHAVED } from './helpers/keyboard.ts';
import { shown } from './helpers/waits.ts';
import { aRound, aVolunteer, logInAsVolunteer, noonIn } from './pages/volunteer-seed.ts';

const e2e = useE2e();
const db = () => e2e.server.db;
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{54}\.ics$/;

beforeAll(() => {
  // The feed's address is built from PUBLIC_URL; the server listens on a port chosen at start,
  // so PUBLIC_URL is set to it now (the routes read the config object at each request).
  e2e.server.config.publicUrl = e2e.server.baseUrl;
});

async function copyShots(page: Page, name: string) {
  const file = await screenshot(page, name);
  await page.screenshot({ path: `/tmp/shots/h3/${name}.png`, animations: 'disabled' });
  return file;
}

function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

/** The feed as a calendar app fetches it: no cookie, no browser. */
async function fetchFeed(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    summary: new ICAL.Event(vevent).summary,
    status: vevent.getFirstPropertyValue('status'),
    utc: new ICAL.Event(vevent).startDate.zone.tzid === 'UTC',
  }));
}

describe('Add to calendar on the volunteer dashboard', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'copies the feed link, offers webcal:, and the feed parses (%s)',
    async (name, viewport) => {
      const { page, context, errors } = await e2e.open(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: e2e.server.baseUrl,
      });
      const confirmed = await aRound(db(), noonIn(2), { location: 'Pier 4' });
      const waitlisted = await aRound(db(), noonIn(3));
      const user = await aVolunteer(db(), 'cal');
      await createSignup(db(), confirmed.id, user.id, 'CONFIRMED');
      await createSignup(db(), waitlisted.id, user.id, 'WAITLISTED');
      await createOrderOnRound(db(), confirmed.id, {
        deliveryAddress: '9 Hidden Yard',
        phoneNumber: '5550101010',
      });
      await logInAsVolunteer(page, user.username);

      const panel = page.getByRole('region', { name: 'Your rounds in your calendar' });
      await shown(panel);
      await copyShots(page, `calendar-panel-${name}`);
      await panel.getByRole('button', { name: 'Add to calendar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
      await shown(dialog);
      const field = dialog.getByRole('textbox', { name: 'Calendar link' });
      await expect.poll(() => field.inputValue()).toMatch(LINK);
      const link = await field.inputValue();

      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await shown(dialog.getByRole('status').getByText('Link copied', { exact: true }));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(link);
      const webcal = await dialog
        .getByRole('link', { name: 'Open in calendar app' })
        .getAttribute('href');
      expect(webcal).toBe(link.replace(/^http:\/\//, 'webcal://'));
      await copyShots(page, `calendar-dialog-${name}`);

      const feed = await fetchFeed(copied);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe('text/calendar; charset=utf-8');
      const events = eventsOf(feed.text);
      expect(events).toEqual(
        expect.arrayContaining([
          { summary: confirmed.title, status: 'CONFIRMED', utc: true },
          { summary: waitlisted.title, status: 'TENTATIVE', utc: true },
        ]),
      );
      expect(events).toHaveLength(2);
      expect(feed.text).not.toContain('9 Hidden Yard');
      expect(feed.text).not.toContain('5550101010');

      // Get a new link: asked first, then the old link stops working and the new one works.
      await dialog.getByRole('button', { name: 'Get a new link' }).click();
      const question = page.getByRole('alertdialog', { name: 'Get a new calendar link?' });
      await shown(question.getByText(/The old link stops working/));
      // Asked in the app's confirmation, focus on the safe answer; the old news is gone.
      expect(await focusedText(page)).toBe('Keep this link');
      expect(await page.getByText('Link copied', { exact: true }).count()).toBe(0);
      await copyShots(page, `calendar-rotate-confirm-${name}`);
      await question.getByRole('button', { name: 'Get a new link' }).click();
      await shown(dialog.getByRole('status').getByText(/A new link was made/));
      await expect.poll(() => field.inputValue()).not.toBe(link);
      const fresh = await field.inputValue();
      expect(fresh).toMatch(LINK);
      expect((await fetchFeed(link)).status).toBe(404);
      expect((await fetchFeed(fresh)).status).toBe(200);
      expect(await focusedText(page)).toBe('Get a new link');
      expect(errors).toEqual([]);

      // Offline, no new link is asked for, and the dialog says why.
      await context.setOffline(true);
      await dialog.getByRole('button', { name: 'Get a new link' }).click();
      await question.getByRole('button', { name: 'Get a new link' }).click();
      await shown(dialog.getByRole('status').getByText(/^You’re offline\./));
      expect(await field.inputValue()).toBe(fresh);
      await context.setOffline(false);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      // Focus went back to the button that opened the dialog.
      expect(await focusedText(page)).toContain('Add to calendar');
    },
  );

  it('is accessible: axe finds nothing, and the dialog keeps and gives back focus', async () => {
    const { page, errors } = await e2e.open(PHONE);
    const user = await aVolunteer(db(), 'cala');
    await createSignup(db(), (await aRound(db(), noonIn(2))).id, user.id);
    await logInAsVolunteer(page, user.username);
    const open = page
      .getByRole('region', { name: 'Your rounds in your calendar' })
      .getByRole('button', { name: 'Add to calendar' });
    const dialog = page.getByRole('dialog', { name: 'Add to calendar' });
    const axe = new AxeLog(page);
    await shown(open);
    await axe.scan('dashboard with Add to calendar');
    const keyboard = await checkDialogKeyboard(open, dialog, {
      // Once the link is in: the walk must meet every button.
      prepare: () => shown(dialog.getByRole('button', { name: 'Copy link' })),
    });
    expect(keyboard).toEqual(WELL_BEHAVED);
    await open.click();
    await shown(dialog.getByRole('button', { name: 'Copy link' }));
    await axe.scan('Add to calendar dialog');
    await dialog.getByRole('button', { name: 'Get a new link' }).click();
    await shown(page.getByRole('alertdialog', { name: 'Get a new calendar link?' }));
    await axe.scan('Get a new calendar link?');
    expect(axe.found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
