// Issue 20's last confirmations, in real Chromium on the production build against the real
// server, at 390×844 and 1280×800, in English and in a Spanish browser: a role change in Update
// User and "Remove size" in the cargo drawer ask first (focus on the safe choice, axe clean,
// Escape keeps: the database and the form are as they were), and confirming does it. Each
// question is photographed (H4_SHOTS, default /tmp/h4-shots) to be looked at.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCatalogueItem, createUser, uniqueUsername } from '../support/factories.ts';
import { DESKTOP, PHONE, type Viewport } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { confirmation } from './helpers/confirm.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { control, field } from './pages/controls.ts';

const e2e = useE2e();
const db = () => e2e.server.db;
const SHOTS = process.env.H4_SHOTS ?? '/tmp/h4-shots';
const PASSWORD = 'adminpass123';
const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

/** The catalogues' texts of a language (admin and rounds: the two screens here). */
function texts(language: string): Record<string, string> {
  const read = (namespace: string): Record<string, string> =>
    JSON.parse(
      fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'),
    ) as Record<string, string>;
  return { ...read('common'), ...read('admin'), ...read('rounds') };
}

function fill(text: string | undefined, values: Record<string, string | number>): string {
  if (text === undefined) throw new Error('no such text');
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** Signs in through /login by its controls' places (the words may be Spanish). */
async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('main input:not([type=password])').first().fill(username);
  await page.locator('main input[type=password]').fill(PASSWORD);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

async function photograph(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

async function roleOf(id: number): Promise<string> {
  const row = await db()
    .selectFrom('users')
    .select('role')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.role;
}

const RUNS: { language: 'en' | 'es'; locale: string; size: string; viewport: Viewport }[] = [
  { language: 'en', locale: 'en-US', size: 'phone', viewport: PHONE },
  { language: 'en', locale: 'en-US', size: 'desktop', viewport: DESKTOP },
  { language: 'es', locale: 'es-ES', size: 'phone', viewport: PHONE },
  { language: 'es', locale: 'es-ES', size: 'desktop', viewport: DESKTOP },
];

describe('weighty admin changes ask first', () => {
  for (const run of RUNS) {
    it(`role change and Remove size (${run.language}, ${run.size})`, async () => {
      const t = texts(run.language);
      const admin = await createUser(db(), {
        username: uniqueUsername('admin'),
        password: PASSWORD,
        role: 'ADMIN',
      });
      const client = await createUser(db(), { role: 'CLIENT' });
      const item = await createCatalogueItem(db(), { sizes: { M: 2, S: 3 } });
      const { page, errors } = await e2e.open(run.viewport, run.locale);
      await logIn(page, admin.username);
      const shot = (what: string) => photograph(page, `${what}-${run.language}-${run.size}`);

      // Update User: a new role asks first.
      await page.goto('/admin/users');
      const row = page.getByRole('row').filter({ hasText: client.username });
      await control(row, fill(t['admin.users.update'], {})).click();
      const form = page.getByRole('dialog');
      await shown(form);
      await field(form, fill(t['admin.users.field.role'], {})).selectOption('VOLUNTEER');
      await control(form, fill(t['admin.users.updateSubmit'], {})).click();
      const question = confirmation(page);
      const roles = {
        username: client.username,
        from: fill(t['common.code.role.client'], {}),
        to: fill(t['common.code.role.volunteer'], {}),
      };
      await shown(question.getByText(fill(t['admin.users.roleChangeTitle'], roles)));
      const keepRole = fill(t['admin.users.roleChangeKeep'], roles);
      expect(await focusedText(page)).toBe(keepRole);
      await shot('role-change');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await gone(question);
      await shown(form); // the form stays, with the role kept
      expect(await field(form, fill(t['admin.users.field.role'], {})).inputValue()).toBe('CLIENT');
      expect(await roleOf(client.id)).toBe('CLIENT');
      await field(form, fill(t['admin.users.field.role'], {})).selectOption('VOLUNTEER');
      await control(form, fill(t['admin.users.updateSubmit'], {})).click();
      await control(question, fill(t['admin.users.roleChangeConfirm'], {})).click();
      await gone(form);
      expect(await roleOf(client.id)).toBe('VOLUNTEER');

      // Cargo: removing a size that holds stock asks first.
      await page.goto('/cargo_admin');
      await shown(page.getByRole('rowheader', { name: item.name }));
      await control(page.getByRole('main'), fill(t['rounds.cargo.update'], {})).click();
      const drawer = page.getByRole('dialog');
      await field(drawer, fill(t['rounds.cargo.edit.itemId'], {})).fill(String(item.id));
      await control(drawer, fill(t['rounds.cargo.edit.load'], {})).click();
      const removeFirst = control(drawer, fill(t['rounds.cargo.sizes.removeLabel'], { number: 1 }));
      await removeFirst.click();
      await shown(question.getByText(fill(t['rounds.cargo.sizes.removeTitle'], { label: 'M' })));
      expect(await focusedText(page)).toBe(fill(t['rounds.cargo.sizes.removeKeep'], {}));
      await shot('remove-size');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await gone(question);
      await shown(drawer); // Escape closed the question only
      const firstSize = field(drawer, `${fill(t['rounds.cargo.sizes.size'], {})} 1`);
      expect(await firstSize.inputValue()).toBe('M');
      await removeFirst.click();
      await control(question, fill(t['rounds.cargo.sizes.removeConfirm'], {})).click();
      await gone(question);
      expect(await firstSize.inputValue()).toBe('S');
      expect(errors).toEqual([]);
    });
  }
});
