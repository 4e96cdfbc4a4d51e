// Mail in the recipient's language (issue 21, beyond-spec.md section 4): a person whose account
// chose Spanish gets the notification mail in Spanish (subject, body, fixed lines, the date by
// Intl in Spanish, <html lang="es">) through a real SMTP server; an account that never chose
// gets the spec's English. The language is read when the mail is sent, so a choice made after
// the row was queued counts. The round's time is in the group's zone (TIME_ZONE, here Los
// Angeles, while the tests' process runs on UTC), with the zone named.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createSignup, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody } from '../rounds/rounds-helpers.ts';
import { decodedBody, headerOf, startInbox, type Inbox } from '../../support/smtp-inbox.ts';

describe.each(testDialects())('notification mail in the recipient language (%s)', (dialect) => {
  let inbox: Inbox;
  let smtpUrl = '';
  beforeAll(async () => {
    inbox = await startInbox();
    smtpUrl = inbox.url;
  });
  afterAll(async () => {
    await inbox.close();
  });
  const server = useTestServer(dialect, {
    notificationWorker: false,
    timeZone: 'America/Los_Angeles',
    get smtpUrl() {
      return smtpUrl;
    },
  });
  const db = () => server.app.ctx.opened.db;

  /** 17:30 UTC on 12 January next year: 9:30 in Los Angeles (PST, UTC-8). */
  const YEAR = new Date().getUTCFullYear() + 1;
  const START = new Date(Date.UTC(YEAR, 0, 12, 17, 30));

  /** A cancelled round's mail to one volunteer of the given account language. */
  async function cancelledRoundMail(language: 'es' | null, chooseAfterQueueing = false) {
    const admin = await createSignedInUser(db(), { role: 'ADMIN', password: null });
    const person = await createSignedInUser(db(), {
      role: 'VOLUNTEER',
      emailVerified: true,
      language: chooseAfterQueueing ? null : language,
    });
    const title = `Ronda ${randomUUID().slice(0, 8)}`;
    const roundId = await createTestRound(db(), { title, start: START });
    await createSignup(db(), roundId, person.id, 'CONFIRMED');
    const res = await call(server.app, 'PUT', `/api/admin/rounds/${roundId}/cancel`, {
      as: admin,
      body: adminBody(admin, { adminId: admin.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
    if (chooseAfterQueueing) {
      const put = await call(server.app, 'PUT', '/api/auth/update/language', {
        as: person,
        body: { language },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    await server.app.notifications.drain();
    const mails = inbox.mails.filter((m) => m.to.includes(person.email));
    expect(mails).toHaveLength(1);
    const raw = mails[0]?.data ?? '';
    // decodedBody gives the quoted-printable bytes one character each: read them as UTF-8.
    const body = Buffer.from(decodedBody(raw), 'latin1').toString('utf8');
    return { subject: headerOf(raw, 'Subject') ?? '', body, title };
  }

  it('a Spanish-speaking account gets the mail in Spanish', async () => {
    const { subject, body, title } = await cancelledRoundMail('es');
    expect(subject).toContain(`Ronda cancelada: ${title}`);
    expect(body).toContain('Desactivar estos correos');
    expect(body).toContain('<html lang="es">');
    // The date by Intl in Spanish, in the group's zone, named.
    expect(body).toContain(`La ronda del 12 ene ${YEAR}, 9:30 GMT-8 se canceló.`);
    expect(body).not.toContain('has been cancelled');
  });

  it('an account that never chose gets the spec English', async () => {
    const { subject, body } = await cancelledRoundMail(null);
    expect(subject).toContain('Round cancelled:');
    expect(body).toContain('has been cancelled.');
    // 9:30 AM in Los Angeles, not the server's 5:30 PM UTC.
    expect(body).toMatch(new RegExp(`Jan 12, ${YEAR}, 9:30\\sAM PST`));
    expect(body).not.toMatch(/5:30\sPM/);
    expect(body).toContain('Turn off these emails');
  });

  it('a choice made after the mail was queued counts', async () => {
    const { subject } = await cancelledRoundMail('es', true);
    expect(subject).toContain('Ronda cancelada:');
  });
});
