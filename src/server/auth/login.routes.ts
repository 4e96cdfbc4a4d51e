// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me (wire-protocol.md "Who the
// caller is"). Login is not replayable through Idempotency-Key: it opens a session and sets a
// cookie, which a stored reply could not do again; a retried login simply signs in again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_PATHS, loginRequest } from '#shared/contracts/auth';
import { validateLogin } from '#shared/rules/validation';
import { AppError } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { callerOf } from '../plugins/access.ts';
import {
  bindSecureSessionToLogin,
  endSecureSessionsOfLogin,
} from '../security/secure-sessions.repository.ts';
import { clearLoginCookie, setLoginCookie } from './auth-cookie.ts';
import { createLoginSession, deleteLoginSession } from './login-sessions.repository.ts';
import { authenticate, loginFailed } from './login.service.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { authUserReplyOf, replyUserOf } from './user-reply.ts';
import { keyOf } from './users.repository.ts';

/** Login requests per client address and minute (times config.rateLimitScale). */
export const LOGIN_RATE_LIMIT = 20;
/** Failed sign-ins per account name / per client address in 15 minutes (times the scale). */
export const LOGIN_ACCOUNT_FAILURES = 5;
export const LOGIN_IP_FAILURES = 20;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function refuseWhileThrottled(
  throttle: LoginThrottle,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
): void {
  const wait = throttle.retryAfterSeconds(request.ip, account, Date.now());
  if (wait === 0) return;
  request.log.warn({ event: 'login.throttled' }, 'sign-in throttled');
  reply.header('retry-after', String(wait));
  throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Try again later.', {
    authenticated: false,
  });
}

/** One per app: failed sign-ins (and wrong current passwords) are counted here. */
export function createAppLoginThrottle(rateLimitScale: number): LoginThrottle {
  return createLoginThrottle({
    accountFailures: LOGIN_ACCOUNT_FAILURES * rateLimitScale,
    ipFailures: LOGIN_IP_FAILURES * rateLimitScale,
    windowMs: FAILURE_WINDOW_MS,
  });
}

export function registerLoginRoutes(app: FastifyInstance, throttle: LoginThrottle): void {
  const { config, opened } = app.ctx;
  const db = opened.db;
  const rateLimit = perClientAddress(config, LOGIN_RATE_LIMIT, 'minute');

  app.post(
    AUTH_PATHS.login,
    { config: { access: 'public', rateLimit } },
    async (request, reply) => {
      const input = loginRequest.parse(request.body ?? {});
      const invalid = validateLogin(input);
      if (invalid !== null) throw new AppError('BAD_REQUEST', invalid, { authenticated: false });
      const account = keyOf(input.username ?? '');
      refuseWhileThrottled(throttle, request, reply, account);
      const user = await authenticate(db, input.username ?? '', input.password ?? '');
      if (user === undefined) {
        throttle.recordFailure(request.ip, account, Date.now());
        request.log.warn({ event: 'login.failed' }, 'sign-in failed');
        throw loginFailed();
      }
      throttle.clearAccount(account);
      const session = await createLoginSession(db, user.id, new Date(), {
        idleMs: config.loginSessionIdleMs,
        maxMs: config.loginSessionMaxMs,
      });
      if (request.secureSessionId !== null) {
        await bindSecureSessionToLogin(db, request.secureSessionId, session.id);
      }
      setLoginCookie(reply, session.token, config);
      request.log.info({ event: 'login.succeeded', userId: user.id }, 'signed in');
      return authUserReplyOf(replyUserOf(user), 'Login successful');
    },
  );

  app.post(AUTH_PATHS.logout, { config: { access: 'public' } }, async (request, reply) => {
    const sessionId = request.loginSessionId;
    if (sessionId !== null) {
      await endSecureSessionsOfLogin(db, sessionId);
      await deleteLoginSession(db, sessionId);
      request.log.info({ event: 'logout', userId: request.user?.userId }, 'signed out');
    }
    clearLoginCookie(reply, config);
    return { status: 'success' as const, message: 'Logged out successfully' };
  });

  app.get(AUTH_PATHS.me, { config: { access: 'signedIn' } }, async (request) => {
    return authUserReplyOf(callerOf(request), 'Signed in');
  });
}
