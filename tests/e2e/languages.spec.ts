// Issue 21 in Chromium, production build: every screen of the spec's route table (and the
// admin screens added since) in a Spanish browser (es-ES) shows no English text of the app's
// catalogues and passes axe; the language menu switches a screen in place, keeping what was
// typed, and the choice outlives a reload. English itself is what every other spec checks.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
  uniqueUsername,
} from '../support/factories.ts';
import { DESKTOP } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import { aFeedback, anApplication } from './pages/admin-seed.ts';
import { asWords, textOutsidePlaceholders } from '../support/message-text.ts';

const e2e = useE2e();
const PASSWORD = 'gauze12345';
const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

function catalogue(language: string): Record<string, string> {
  const folder = path.join(LOCALES, language);
  const merged: Record<string, string> = {};
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json')))
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')));
  return merged;
}

/** A message's literal parts outside its {placeholders}, with at least 4 letters. */
function fragments(text: string): string[] {
  return textOutsidePlaceholders(text)
    .map((part) => part.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, ''))
    .filter((part) => (part.match(/\p{L}/gu) ?? []).length >= 4);
}

/**
 * The English a Spanish screen must not show: every message whose Spanish differs, by its
 * literal fragments, less the fragments Spanish itself uses (a name both languages share).
 */
function englishToAvoid(): { text: string; pattern: RegExp }[] {
  const english = catalogue('en');
  const spanish = catalogue('es');
  const spanishText = Object.values(spanish).join('\n');
  const found = new Set<string>();
  for (const [id, text] of Object.entries(english)) {
    if (spanish[id] === text) continue;
    for (const fragment of fragments(text))
      if (!asWords(fragment).test(spanishText)) found.add(fragment);
  }
  return [...found].map((text) => ({ text, pattern: asWords(text) }));
}

const ENGLISH = englishToAvoid();

/** What a person reads on the page now: its text, and the names and hints read aloud. */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
    const read = [...document.querySelectorAll('*')].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...read].join('\n');
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  // Lists and catalogues arriving after the network went quiet (a chunk, then its data).
  await page.waitForTimeout(600);
  await page.waitForLoadState('networkidle');
}

/** English left on the screen, and axe's findings there. */
async function check(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const text = await readableText(page);
  const english = ENGLISH.filter(({ pattern }) => pattern.test(text)).map(
    ({ text: left }) => `${where}: English "${left}"`,
  );
  const axe = (await accessibilityViolations(page)).map((v) => `${where}: ${v}`);
  return [...english, ...axe];
}

/** Signs in through /login by its controls' places, not its (Spanish) words. */
async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.locator('main input:not([type=password])').first().fill(username);
  await page.locator('main input[type=password]').fill(PASSWORD);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/');
  await settle(page);
}

async function sweep(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const at of paths) {
    await page.goto(at);
    problems.push(...(await check(page, at)));
  }
  return problems;
}

async function seed(): Promise<void> {
  const { db } = e2e.server;
  await createCatalogueItem(db, { name: 'Calcetines', sizes: { S: 0, M: 3, L: 12 } });
  const roundId = await createTestRound(db, { title: 'Ronda del centro', location: 'Centro' });
  await createOrderOnRound(db, roundId, { items: [{ itemName: 'Calcetines (L)', quantity: 2 }] });
  await anApplication(db, { firstName: 'Ana', lastName: 'Ruiz' });
  await aFeedback(db, 'Gracias por las mantas.');
}

async function account(role: 'CLIENT' | 'VOLUNTEER' | 'ADMIN'): Promise<string> {
  const username = uniqueUsername(role.toLowerCase());
  const user = await createUser(e2e.server.db, { username, role, password: PASSWORD });
  if (role === 'VOLUNTEER') {
    const roundId = await createTestRound(e2e.server.db, { title: 'Ronda de la tarde' });
    await createSignup(e2e.server.db, roundId, user.id, 'CONFIRMED');
  }
  return username;
}

describe('languages', () => {
  // Some twenty screens, each settled and checked by axe: about a minute on a quiet machine.
  const SWEEP_TIMEOUT_MS = 240_000;

  it(
    'shows every screen in Spanish to a Spanish browser, with no English left',
    async () => {
      await seed();
      const { page } = await e2e.open(DESKTOP, 'es-ES');
      const problems = await sweep(page, [
        '/',
        '/login',
        '/register',
        '/reset_password',
        '/volunteerAppli',
        '/guest',
      ]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

      await logIn(page, await account('CLIENT'));
      problems.push(...(await check(page, '/ (client)')));
      problems.push(...(await sweep(page, ['/profile', '/feedback', '/orderhistory'])));

      const volunteer = await e2e.open(DESKTOP, 'es-ES');
      await logIn(volunteer.page, await account('VOLUNTEER'));
      problems.push(...(await check(volunteer.page, '/ (volunteer)')));
      problems.push(...(await sweep(volunteer.page, ['/cargo_volunteer'])));

      const admin = await e2e.open(DESKTOP, 'es-ES');
      await logIn(admin.page, await account('ADMIN'));
      problems.push(...(await check(admin.page, '/ (admin)')));
      problems.push(
        ...(await sweep(admin.page, [
          '/cargo_admin',
          '/round_admin',
          '/admin/users',
          '/admin/orders',
          '/admin/applications',
          '/admin/feedback',
          '/admin/audit',
          '/admin/devices',
        ])),
      );
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('switches in place from the menu, keeping what was typed, and keeps the choice', async () => {
    const { page } = await e2e.open(DESKTOP, 'en-US');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('Username').fill('rosa');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByLabel('Nombre de usuario').inputValue()).toBe('rosa');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    await page.reload();
    await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
