// Writes that mail (a code at sign-up, an email change, "Send verification code", a password
// recovery): the mails a write queues go out only after its transaction has committed, and
// never again on a replay of it (the work does not run then).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Language } from '#shared/i18n/languages';
import type { Database } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import { runIdempotent, type WriteReply } from '../idempotency/run-idempotent.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { verifyCodeMail, type MailSite } from './code-mails.ts';
import { issueMailedCode } from './mailed-codes.service.ts';

/** The mails a write has queued so far. */
export type MailOutbox = MailMessage[];

/** `runIdempotent` whose work may queue mails; returns the body to send. */
export async function runIdempotentMailing(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Transaction<Database>, outbox: MailOutbox) => Promise<WriteReply>,
): Promise<object> {
  const outbox: MailOutbox = [];
  const body = await runIdempotent(request, reply, app.ctx.opened.db, (trx) => work(trx, outbox));
  for (const mail of outbox) app.mailer.sendInBackground(mail);
  return body;
}

/**
 * A fresh VERIFY code for the account's email (older ones stop working), and its mail in
 * `to.language` (i18n/account-language.ts mailLanguage).
 */
export async function queueVerifyCode(
  w: WriteContext,
  site: MailSite,
  to: { id: number; email: string; language: Language },
  outbox: MailOutbox,
): Promise<void> {
  const code = await issueMailedCode(w, to, 'VERIFY');
  outbox.push(verifyCodeMail(site, to.email, code, to.language));
}
