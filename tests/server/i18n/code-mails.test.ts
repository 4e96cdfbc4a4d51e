// The code and approval mails in the recipient's language (issue 21): the account's
// users.language when there is an account that chose one, else the language of the request
// that sends the mail (a visitor registering in Spanish gets Spanish mail). Subject, text and
// HTML part (<html lang>), the recovery screen's own button names in that language (the
// client catalogue's), the code still usable; an account that never chose, asked in English,
// gets the spec's English. Read from the real .eml files the server writes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import type { Mail } from '../../support/e2e-mail.ts';
import { applyAndApprove } from '../applications/application-helpers.ts';
import { nthMailTo } from '../auth/code-mail-helpers.ts';

const es = {
  ...readCatalogue(path.join(LOCALES_DIR, 'es', 'server.json')),
  ...readCatalogue(path.join(LOCALES_DIR, 'es', 'account.json')),
};
const SPANISH = { 'accept-language': 'es-419,es;q=0.9' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

/** The es catalogue's text with its {placeholders} filled. */
function spanish(id: string, values: Record<string, string> = {}): string {
  const text = es[id];
  if (text === undefined) throw new Error(`no ${id} in the es catalogue`);
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '');
}

/** The Spanish a mail must show, and the English it must not. */
function expectSpanish(mail: Mail, subjectId: string, lines: string[]) {
  expect(mail.subject).toBe(spanish(subjectId, { site: 'Harbor StreetMed' }));
  for (const line of lines) {
    expect(mail.plain).toContain(line);
    // The HTML part says the same, escaped.
    expect(mail.html).toContain(line.replace(/"/g, '&quot;'));
  }
  expect(mail.html).toContain('<html lang="es">');
  expect(mail.text).not.toMatch(/\b(Your|code is|press|the page|Log in)\b/);
}

const codeIn = (mail: Mail) => /(\d{6})\./.exec(mail.plain)?.[1] ?? '';

describe.each(testDialects())(
  'code and approval mails in the recipient language (%s)',
  (dialect) => {
    const server = useTestServer(dialect, {
      rateLimitScale: 1000,
      siteTitle: 'Harbor StreetMed',
      publicUrl: 'https://supply.example',
    });
    const admin = useSignedInUser(server, { role: 'ADMIN' });
    const db = () => server.app.ctx.opened.db;

    it('a recovery code to an account that chose Spanish, asked from an English browser', async () => {
      const user = await createSignedInUser(db(), { language: 'es', emailVerified: true });
      const asked = await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: { email: user.email },
        headers: ENGLISH,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const mail = await nthMailTo(server, user.email, 1);
      const code = codeIn(mail);
      const requestTitle = spanish('account.reset.requestTitle');
      const haveCode = spanish('account.reset.haveCode');
      expectSpanish(mail, 'server.mail.reset.subject', [
        spanish('server.mail.code.recovery', { code }),
        spanish('server.mail.steps.haveCode', { requestTitle, haveCode }),
        spanish('server.mail.steps.finish', { submit: spanish('account.reset.submit') }),
        spanish('server.mail.reset.ignore'),
      ]);
      expect(mail.html).toMatch(/<a href="https:\/\/supply\.example\/reset_password\?email=/);
      // The Spanish mail's code works as it is.
      const reset = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
        body: { email: user.email, otp: code, newPassword: 'Nuevaclave7' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });

    it('a visitor registering in Spanish gets the verification code in Spanish', async () => {
      const username = uniqueUsername('es');
      const email = `${username}@example.org`;
      const res = await call(server.app, 'POST', '/api/auth/register', {
        body: { username, password: 'Clave2segura', email },
        headers: SPANISH,
      });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await nthMailTo(server, email, 1);
      expectSpanish(mail, 'server.mail.verify.subject', [
        spanish('server.mail.verify.code', { code: codeIn(mail) }),
        spanish('server.mail.verify.enter', {
          section: spanish('account.emailProof.title'),
          codeLabel: spanish('account.emailProof.codeLabel'),
          verify: spanish('account.emailProof.verify'),
        }),
      ]);
    });

    it('approval: a new volunteer approved in Spanish, an existing Spanish account by an English admin', async () => {
      const email = `${uniqueUsername('nuevo')}@example.org`;
      const applicant = { firstName: 'Nia', lastName: 'Nueva', email, phone: '555-444-3333' };
      const applied = await call(server.app, 'POST', '/api/volunteer/apply', {
        body: { ...applicant, notes: '' },
      });
      const applicationId = applied.json<{ applicationId: number }>().applicationId;
      const approved = await call(server.app, 'POST', '/api/volunteer/approve', {
        body: { applicationId },
        as: admin,
        headers: SPANISH,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const welcome = await nthMailTo(server, email, 1);
      const username = approved.json<{ username: string }>().username;
      expectSpanish(welcome, 'server.mail.approval.subject', [
        spanish('server.mail.approval.welcome'),
        spanish('server.mail.approval.username', { username }),
        spanish('server.mail.code.recovery', { code: codeIn(welcome) }),
      ]);

      const client = await createSignedInUser(db(), { language: 'es', emailVerified: true });
      await applyAndApprove(server, admin.cookie, { ...applicant, email: client.email });
      const promoted = await nthMailTo(server, client.email, 1);
      expectSpanish(promoted, 'server.mail.approval.subject', [
        spanish('server.mail.approval.promoted', { username: client.username }),
        spanish('server.mail.approval.logInAgain'),
      ]);
    });

    it('an account that never chose, asked in English, gets the spec English, text and HTML', async () => {
      const user = await createSignedInUser(db(), { emailVerified: true });
      await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: { email: user.email },
      });
      const mail = await nthMailTo(server, user.email, 1);
      expect(mail.subject).toBe('Harbor StreetMed: your password recovery code');
      expect(mail.plain).toMatch(/^Your recovery code is \d{6}\.$/m);
      expect(mail.plain).toContain('2. If the page shows "Request a Recovery Code", press');
      expect(mail.plain).toContain('If you did not ask for it, you can ignore this message.');
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.html).toContain('&quot;I already have a code&quot;');
    });
  },
);
