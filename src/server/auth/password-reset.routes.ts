// POST /api/auth/password/request-reset and /verify-reset: public, rate limited, replayable.
// The request's reply is the same whether or not the email is known, and the mail goes out
// after the reply so its timing tells nothing either. Every failed verify gets one message.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  requestResetRequest,
  verifyResetRequest,
  messageReply,
  type MessageReply,
} from '#shared/contracts/auth';
import {
  validateResetPassword,
  validateResetRequest,
  validateResetVerify,
} from '#shared/rules/auth';
import { badRequest, envelopeOf } from '../errors.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { writeOf } from '../http/writes.ts';
import { endSecureSessionsOfLogin } from '../security/secure-sessions.repository.ts';
import { clearLoginCookie } from './auth-cookie.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { hashPassword } from './passwords.ts';
import { resetCodeMail } from './code-mails.ts';
import { mailLanguage } from '../i18n/account-language.ts';
import { runIdempotentMailing } from './mail-after-commit.ts';
import { codesSentLastHour } from './mailed-codes.service.ts';
import { issueResetCode, redeemResetCode } from './password-reset.service.ts';
import { findUserByEmail } from './users.repository.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { message } from '#shared/i18n/messages';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

/** Per client address and hour (times config.rateLimitScale). */
export const RESET_REQUEST_RATE_LIMIT = 10;
export const RESET_VERIFY_RATE_LIMIT = 30;
/**
 * Reset codes one account is mailed per hour, from all addresses together (times
 * config.rateLimitScale). Past it a request changes nothing and replies the same: callers from
 * many addresses can neither mail-bomb the owner, nor void the code the owner holds, nor get
 * more than 5 tries on each of these few codes.
 */
export const RESET_CODES_PER_ACCOUNT_HOUR = 5;

const RESET_CODE_INVALID = message('server.reset.codeInvalid');
/** The spec's English texts, for tests. */
export const RESET_REQUESTED_MESSAGE = translate('en', 'server.reset.requested');
export const RESET_DONE_MESSAGE = translate('en', 'server.reset.done');
export const RESET_CODE_INVALID_MESSAGE = translate('en', RESET_CODE_INVALID.id);

export function registerPasswordResetRoutes(untyped: FastifyInstance, guard: SignInGuard): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const response = documentedReplies({ 200: messageReply });
  const { config, opened } = app.ctx;
  const db = opened.db;

  app.post(
    AUTH_PATHS.requestReset,
    {
      config: {
        idempotent: true,
        access: 'public',
        rateLimit: perClientAddress(config, RESET_REQUEST_RATE_LIMIT, 'hour'),
      },
      schema: { body: requestResetRequest, response },
    },
    async (request, reply) => {
      const input = request.body;
      const invalid = validateResetRequest(input);
      if (invalid !== null) throw badRequest(invalid);
      return runIdempotentMailing(app, request, reply, async (trx, outbox) => {
        const user = await findUserByEmail(trx, input.email ?? '');
        const w = writeOf(request, trx);
        const full =
          user !== undefined &&
          (await codesSentLastHour(w, user.id, 'RESET')) >=
            RESET_CODES_PER_ACCOUNT_HOUR * config.rateLimitScale;
        if (full) {
          request.log.warn({ event: 'reset.code-limit', userId: user.id }, 'reset code limit');
        } else if (user?.email != null) {
          const code = await issueResetCode(w, { id: user.id, email: user.email });
          const language = mailLanguage(user.language, requestLanguage(request));
          outbox.push(resetCodeMail(config, user.email, code, language));
          request.log.info({ event: 'reset.requested', userId: user.id }, 'reset code issued');
        } else {
          request.log.info({ event: 'reset.requested-unknown' }, 'reset for an unknown email');
        }
        const said = translate(requestLanguage(request), 'server.reset.requested');
        const ok: MessageReply = { status: 'success', message: said };
        return { statusCode: 200, body: ok };
      });
    },
  );

  app.post(
    AUTH_PATHS.verifyReset,
    {
      config: {
        idempotent: true,
        access: 'public',
        rateLimit: perClientAddress(config, RESET_VERIFY_RATE_LIMIT, 'hour'),
      },
      schema: { body: verifyResetRequest, response },
    },
    async (request, reply) => {
      const input = request.body;
      const invalid = validateResetVerify(input) ?? validateResetPassword(input.newPassword);
      if (invalid !== null) throw badRequest(invalid);
      // Before the code is tried: a refused password does not use up one of its 5 tries.
      refuseCommonPassword(input.newPassword ?? '');
      const passwordHash = await hashPassword(input.newPassword ?? '');
      const ended: string[] = [];
      let resetUserId: number | undefined;
      const body = await runIdempotent(request, reply, db, async (trx) => {
        const code = (input.otp ?? '').trim();
        const email = input.email ?? '';
        const result = await redeemResetCode(writeOf(request, trx), { email, code, passwordHash });
        if (!result.ok) {
          // Returned, not thrown: the counted try must be committed with the refusal.
          request.log.warn({ event: 'reset.failed', reason: result.reason }, 'reset refused');
          return {
            statusCode: 400,
            body: envelopeOf(badRequest(RESET_CODE_INVALID), requestLanguage(request)),
          };
        }
        ended.push(...result.endedSessionIds);
        resetUserId = result.userId;
        const { userId, promoted } = result;
        request.log.info({ event: 'reset.done', userId, promoted }, 'password reset');
        const said = translate(requestLanguage(request), 'server.reset.done');
        const ok: MessageReply = { status: 'success', message: said };
        return { statusCode: 200, body: ok };
      });
      for (const id of ended) await endSecureSessionsOfLogin(db, id);
      if (resetUserId !== undefined && request.user?.userId === resetUserId) {
        clearLoginCookie(reply, config); // the caller's own login just ended too
      }
      // The mailed code proved the owner: this browser is known to the account from now on
      // (OWASP device cookies), so an attack on the account cannot keep them out of it.
      if (resetUserId !== undefined) guard.remember(request, reply, resetUserId);
      return body;
    },
  );
}
