// The mailer writes .eml files without SMTP_URL and speaks real SMTP with it (a local
// smtp-server on an ephemeral port receives the message).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createMailer } from '#server/mail/mailer';
import { startTestServer, type TestServer } from '../../support/build-app.ts';
import { createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { startInbox } from '../../support/smtp-inbox.ts';
import { codeIn } from './auth-helpers.ts';

const log = pino({ level: 'silent' });

describe('mailer', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-mail-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as its own .eml file when there is no SMTP server', async () => {
    const mailDir = path.join(dir, 'mail');
    const mailer = createMailer({ smtpUrl: undefined, mailDir, from: 'Test <t@localhost>', log });
    await mailer.send({ to: 'ann@example.org', subject: 'Hello Ann', text: 'First line' });
    mailer.sendInBackground({ to: 'bob@example.org', subject: 'Hello Bob', text: 'Second' });
    await mailer.close(); // waits for the background send
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const texts = files.map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8')).join('\n');
    expect(texts).toMatch(/^To: ann@example\.org/m);
    expect(texts).toMatch(/^Subject: Hello Bob/m);
    expect(texts).toMatch(/^From: Test <t@localhost>/m);
    expect(texts).toContain('First line');
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const smtp = await startInbox();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        mailDir: path.join(dir, 'unused'),
        from: 'noreply@streetmed.test',
        log,
      });
      await mailer.send({ to: 'cat@example.org', subject: 'Over SMTP', text: 'Body text' });
      await mailer.close();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual(['cat@example.org']);
      expect(smtp.mails[0]!.from).toBe('noreply@streetmed.test');
      expect(smtp.mails[0]!.data).toContain('Subject: Over SMTP');
      expect(smtp.mails[0]!.data).toContain('Body text');
      expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('delivers a reset code through SMTP end to end', async () => {
    const smtp = await startInbox();
    let server: TestServer | undefined;
    try {
      server = await startTestServer('sqlite', { smtpUrl: smtp.url });
      const user = await createUser(server.app.ctx.opened.db);
      const res = await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: {
          email: user.email,
        },
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 200 && smtp.mails.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(smtp.mails[0]!.to).toEqual([user.email]);
      const code = codeIn(smtp.mails[0]!.data);
      const done = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
        body: {
          email: user.email,
          otp: code,
          newPassword: 'viasmtp11',
        },
      });
      expect(done.statusCode).toBe(200);
    } finally {
      await server?.close();
      await smtp.close();
    }
  });
});
