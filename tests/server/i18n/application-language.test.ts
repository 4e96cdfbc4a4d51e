// The approval mail in the applicant's language (issue 21): an application keeps the language
// it was sent in (volunteer_applications.language: its Accept-Language, null when it sent
// none), and approving it mails the applicant in that language whatever the admin's: a new
// volunteer's welcome and an existing account that never chose a language; an account's own
// choice still comes first. Read from the real .eml files the server writes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { nthMailTo } from '../auth/code-mail-helpers.ts';

const es = readCatalogue(path.join(LOCALES_DIR, 'es', 'server.json'));
const SPANISH = { 'accept-language': 'es-419,es;q=0.9' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };
const SITE = 'Harbor StreetMed';

function spanish(id: string, values: Record<string, string> = {}): string {
  const text = es[id];
  if (text === undefined) throw new Error(`no ${id} in the es catalogue`);
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '');
}

describe.each(testDialects())('the approval mail in the applicant’s language (%s)', (dialect) => {
  const server = useTestServer(dialect, {
    rateLimitScale: 1000,
    siteTitle: SITE,
    publicUrl: 'https://supply.example',
  });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const db = () => server.app.ctx.opened.db;

  async function apply(email: string, headers: Record<string, string>): Promise<number> {
    const applied = await call(server.app, 'POST', '/api/volunteer/apply', {
      body: { firstName: 'Nia', lastName: 'Nueva', email, phone: '555-444-3333', notes: '' },
      headers,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    return applied.json<{ applicationId: number }>().applicationId;
  }

  async function approve(applicationId: number, headers: Record<string, string>) {
    const approved = await call(server.app, 'POST', '/api/volunteer/approve', {
      body: { applicationId },
      as: admin,
      headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json<{ message: string; username: string }>();
  }

  const storedLanguage = async (id: number) =>
    (
      await db()
        .selectFrom('volunteer_applications')
        .select('language')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).language;

  it('keeps the language an application was sent in, null when it sent none', async () => {
    const inSpanish = await apply(`${uniqueUsername('es')}@example.org`, SPANISH);
    const inEnglish = await apply(`${uniqueUsername('en')}@example.org`, ENGLISH);
    const unstated = await apply(`${uniqueUsername('none')}@example.org`, {});
    expect(await storedLanguage(inSpanish)).toBe('es');
    expect(await storedLanguage(inEnglish)).toBe('en');
    expect(await storedLanguage(unstated)).toBeNull();
  });

  it('a Spanish applicant approved by an English admin gets the welcome in Spanish', async () => {
    const email = `${uniqueUsername('nueva')}@example.org`;
    const approved = await approve(await apply(email, SPANISH), ENGLISH);
    // The admin's reply stays in the admin's language.
    expect(approved.message).toMatch(/^Application approved\./);
    const mail = await nthMailTo(server, email, 1);
    expect(mail.subject).toBe(spanish('server.mail.approval.subject', { site: SITE }));
    expect(mail.plain).toContain(spanish('server.mail.approval.welcome'));
    expect(mail.plain).toContain(
      spanish('server.mail.approval.username', { username: approved.username }),
    );
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).not.toMatch(/\b(Your|code is|press|Log in)\b/);
  });

  it('an English applicant approved by a Spanish admin gets the welcome in English', async () => {
    const email = `${uniqueUsername('new')}@example.org`;
    await approve(await apply(email, ENGLISH), SPANISH);
    const mail = await nthMailTo(server, email, 1);
    expect(mail.subject).toBe(`${SITE}: your volunteer application was approved`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('an existing account that never chose a language: the application’s; one that chose: its own', async () => {
    const never = await createSignedInUser(db(), { emailVerified: true });
    await approve(await apply(never.email, SPANISH), ENGLISH);
    const promoted = await nthMailTo(server, never.email, 1);
    expect(promoted.subject).toBe(spanish('server.mail.approval.subject', { site: SITE }));
    expect(promoted.plain).toContain(
      spanish('server.mail.approval.promoted', { username: never.username }),
    );

    const chose = await createSignedInUser(db(), { emailVerified: true, language: 'en' });
    await approve(await apply(chose.email, SPANISH), SPANISH);
    const english = await nthMailTo(server, chose.email, 1);
    expect(english.subject).toBe(`${SITE}: your volunteer application was approved`);
  });
});
