// POST /api/auth/email/send-code and /verify (beyond-spec.md section 1 "Email ownership"):
// the signed-in user proves that the account's email is theirs with a code mailed to it.
// Sending is limited per client address and per account (codes of this kind made in the last
// hour, counted in the database, so several processes agree); verifying is limited by the
// code's 5 tries, counted and committed before the code is compared. Replayable with an
// Idempotency-Key: a replay neither mails again nor spends a try.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  EMAIL_MESSAGES as M,
  sendEmailCodeReply,
  sendEmailCodeRequest,
  verifyEmailReply,
  verifyEmailRequest,
  type SendEmailCodeReply,
  type VerifyEmailReply,
  type VerifyEmailRequest,
} from '#shared/contracts/auth';
import { message, type Message } from '#shared/i18n/messages';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest, conflict, envelopeOf, notFound } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { writeOf } from '../http/writes.ts';
import { callerOf } from '../plugins/access.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { say } from '../i18n/translator.ts';
import { queueVerifyCode, runIdempotentMailing } from './mail-after-commit.ts';
import { mailLanguage } from '../i18n/account-language.ts';
import { codesSentLastHour, useMailedCode, type CodeRefusal } from './mailed-codes.service.ts';
import { emailVerifiedOf, findUserById } from './users.repository.ts';

/** Per client address and hour (times config.rateLimitScale). */
export const EMAIL_CODE_SEND_RATE_LIMIT = 10;
export const EMAIL_VERIFY_RATE_LIMIT = 30;
/** Verification codes one account may have mailed per hour (times config.rateLimitScale). */
export const EMAIL_CODES_PER_ACCOUNT_HOUR = 5;

const REFUSALS: Record<CodeRefusal, Message> = {
  'no-code': M.noCode,
  expired: M.expired,
  'too-many-tries': M.tooManyTries,
  'wrong-code': M.wrongCode,
};

async function callerRow(trx: Transaction<Database>, request: FastifyRequest) {
  const row = await findUserById(trx, callerOf(request).userId);
  if (row === undefined) throw notFound(message('server.profile.accountGone'));
  return row;
}

function codeOf(body: VerifyEmailRequest): string {
  const code = (body.code ?? '').trim();
  if (code === '') throw badRequest(M.codeMissing);
  if (!/^\d{6}$/.test(code)) throw badRequest(M.codeFormat);
  return code;
}

export function registerEmailVerificationRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const db = opened.db;

  app.post(
    AUTH_PATHS.sendEmailCode,
    {
      config: {
        idempotent: true,
        access: 'signedIn',
        rateLimit: perClientAddress(config, EMAIL_CODE_SEND_RATE_LIMIT, 'hour'),
      },
      schema: {
        body: sendEmailCodeRequest,
        response: documentedReplies({ 200: sendEmailCodeReply }),
      },
    },
    async (request, reply) =>
      runIdempotentMailing(app, request, reply, async (trx, outbox) => {
        const row = await callerRow(trx, request);
        if (row.email === null) throw conflict(M.noEmail);
        if (emailVerifiedOf(row)) {
          // Nothing to prove: no mail, and the screen learns that the email is proven.
          const message = say(requestLanguage(request), M.alreadyVerified);
          const proven: SendEmailCodeReply = { status: 'success', message };
          return { statusCode: 200, body: proven };
        }
        const w = writeOf(request, trx);
        const sent = await codesSentLastHour(w, row.id, 'VERIFY');
        if (sent >= EMAIL_CODES_PER_ACCOUNT_HOUR * config.rateLimitScale) {
          request.log.warn({ event: 'email.code-limit', userId: row.id }, 'code limit reached');
          reply.header('retry-after', '3600');
          throw new AppError('RATE_LIMITED', M.tooManyCodes);
        }
        const language = mailLanguage(row.language, requestLanguage(request));
        await queueVerifyCode(w, config, { id: row.id, email: row.email, language }, outbox);
        request.log.info({ event: 'email.code-sent', userId: row.id }, 'verification code sent');
        const message = say(requestLanguage(request), M.codeSent);
        const ok: SendEmailCodeReply = { status: 'success', message };
        return { statusCode: 200, body: ok };
      }),
  );

  app.post(
    AUTH_PATHS.verifyEmail,
    {
      config: {
        idempotent: true,
        access: 'signedIn',
        rateLimit: perClientAddress(config, EMAIL_VERIFY_RATE_LIMIT, 'hour'),
      },
      schema: { body: verifyEmailRequest, response: documentedReplies({ 200: verifyEmailReply }) },
    },
    async (request, reply) => {
      const code = codeOf(request.body);
      return runIdempotent(request, reply, db, async (trx) => {
        const row = await callerRow(trx, request);
        if (row.email === null) throw conflict(M.noEmail);
        const language = requestLanguage(request);
        const done = (text: Message) => {
          const ok: VerifyEmailReply = {
            status: 'success',
            message: say(language, text),
            email: row.email ?? '',
            emailVerified: true,
          };
          return { statusCode: 200, body: ok };
        };
        if (emailVerifiedOf(row)) return done(M.alreadyVerified);
        const used = await useMailedCode(writeOf(request, trx), row, code);
        if (!used.ok) {
          // Returned, not thrown: the counted try must be committed with the refusal.
          request.log.warn({ event: 'email.verify-failed', reason: used.reason }, 'refused');
          return { statusCode: 400, body: envelopeOf(badRequest(REFUSALS[used.reason]), language) };
        }
        request.log.info({ event: 'email.verified', userId: row.id }, 'email verified');
        return done(M.verified);
      });
    },
  );
}
