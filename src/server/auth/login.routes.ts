// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me (wire-protocol.md "Who the
// caller is"). Login is not replayable through Idempotency-Key: it opens a session and sets a
// cookie, which a stored reply could not do again; a retried login simply signs in again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  authUserReply,
  loginFailureReply,
  loginRequest,
  messageReply,
} from '#shared/contracts/auth';
import { validateLogin } from '#shared/rules/auth';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { callerOf } from '../plugins/access.ts';
import {
  bindSecureSessionToLogin,
  endSecureSessionsOfLogin,
} from '../security/secure-sessions.repository.ts';
import { clearLoginCookie, setLoginCookie } from './auth-cookie.ts';
import { createLoginSession, deleteLoginSession } from './login-sessions.repository.ts';
import { loginFailed, signInUser } from './login.service.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { authUserReplyOf, replyUserOf } from './user-reply.ts';
import { findUserByLogin, keyOf } from './users.repository.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

/** Login requests per client address and minute (times config.rateLimitScale). */
export const LOGIN_RATE_LIMIT = 20;
/**
 * Logouts per minute and login session, or per address when signed out (times
 * config.rateLimitScale): anyone may call it, and each encrypted call stores its IV for a day.
 */
export const LOGOUT_RATE_LIMIT = 30;

export function registerLoginRoutes(untyped: FastifyInstance, guard: SignInGuard): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const db = opened.db;
  // Per address, except that a browser with a device cookie counts by the account it names:
  // otherwise a stranger at the same address could keep the owner's known browser out
  // (beyond-spec.md).
  const rateLimit = {
    ...perClientAddress(config, LOGIN_RATE_LIMIT, 'minute'),
    keyGenerator: (request: FastifyRequest) => guard.requestKeyOf(request),
  };

  app.post(
    AUTH_PATHS.login,
    {
      config: { access: 'public', rateLimit },
      schema: { body: loginRequest, response: { 200: authUserReply, 401: loginFailureReply } },
    },
    async (request, reply) => {
      const input = request.body;
      const invalid = validateLogin(input);
      if (invalid !== null) throw new AppError('BAD_REQUEST', invalid, { authenticated: false });
      const login = input.username ?? '';
      const found = await findUserByLogin(db, login);
      const attempt = await guard.begin(request, reply, found?.id, keyOf(login));
      let user: UserRow | undefined;
      try {
        user = await signInUser(found, input.password ?? '');
      } catch (err) {
        await attempt.release(Date.now());
        throw err;
      }
      if (user === undefined) {
        request.log.warn({ event: 'login.failed' }, 'sign-in failed');
        throw loginFailed(); // the reserved try stays counted as a failure
      }
      await attempt.succeeded(Date.now());
      const session = await createLoginSession(db, user.id, new Date(), {
        idleMs: config.loginSessionIdleMs,
        maxMs: config.loginSessionMaxMs,
      });
      if (request.secureSessionId !== null) {
        await bindSecureSessionToLogin(db, request.secureSessionId, session.id);
      }
      setLoginCookie(reply, session.token, config);
      guard.remember(request, reply, user.id); // after the login cookie: it is the first one
      request.log.info({ event: 'login.succeeded', userId: user.id }, 'signed in');
      return authUserReplyOf(
        replyUserOf(user),
        translate(requestLanguage(request), 'server.auth.loginDone'),
      );
    },
  );

  const logoutLimit = {
    ...perClientAddress(config, LOGOUT_RATE_LIMIT, 'minute'),
    keyGenerator: (request: FastifyRequest) =>
      request.loginSessionId === null ? request.ip : `login:${request.loginSessionId}`,
  };
  app.post(
    AUTH_PATHS.logout,
    {
      config: { access: 'public', rateLimit: logoutLimit },
      schema: { response: { 200: messageReply } },
    },
    async (request, reply) => {
      const sessionId = request.loginSessionId;
      if (sessionId !== null) {
        await endSecureSessionsOfLogin(db, sessionId);
        await deleteLoginSession(db, sessionId);
        request.log.info({ event: 'logout', userId: request.user?.userId }, 'signed out');
      }
      clearLoginCookie(reply, config);
      return {
        status: 'success' as const,
        message: translate(requestLanguage(request), 'server.auth.loggedOut'),
      };
    },
  );

  const me = { response: { 200: authUserReply } };
  app.get(AUTH_PATHS.me, { config: { access: 'signedIn' }, schema: me }, async (request) => {
    return authUserReplyOf(
      callerOf(request),
      translate(requestLanguage(request), 'server.auth.signedIn'),
    );
  });
}
