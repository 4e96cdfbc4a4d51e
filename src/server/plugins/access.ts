// Who the caller is, in one place (wire-protocol.md "Who the caller is").
// - Identity comes only from the login-session cookie (request.user).
// - Deny by default: every /api route must declare `config.access`; a route without one makes
//   the server refuse to start.
// - Identity fields the client sends (userId, adminUsername, Admin-Username) are checked
//   against the session: naming anyone else is a 403. Claimed roles are ignored.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenedDb } from '../db/kysely.ts';
import type { Role } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { hashToken, liveSessionUser, type SessionUser } from '../auth/login-sessions.repository.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import { keepLookup, lookUp, secureSessionIdOf } from './request-lookup.ts';

/** 'public': anyone; 'signedIn': any signed-in user; a list: only those roles. */
export type Access = 'public' | 'signedIn' | readonly Role[];

export const LOGIN_COOKIE = 'sm_login';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The request's `userId` names the user acted on, not the caller (admin calls such as
     * PUT /api/admin/volunteer/subrole send the target's id in the spec's `userId` field), so
     * the userId claim check is skipped. The admin-username checks still apply. Only allowed
     * on ADMIN-only routes (checked at start): anyone else's userId must still be their own.
     */
    userIdIsTarget?: boolean;
    /**
     * The route's write runs through runIdempotent (which checks this is set). A resend of
     * the very same sealed bytes carrying an Idempotency-Key — a balancer retrying a write on
     * another process after the first died — is then answered from the key (the stored reply,
     * or the write made once) instead of refused as a replayed IV. Only on write methods
     * (checked at start).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    loginSessionId: string | null;
  }
}

function claimedValues(request: FastifyRequest, field: string): unknown[] {
  const found: unknown[] = [];
  for (const source of [request.query, request.body]) {
    if (source !== null && typeof source === 'object' && Object.hasOwn(source, field)) {
      found.push((source as Record<string, unknown>)[field]);
    }
  }
  return found;
}

/** A claim as text; anything that is not a string or number can match no one. */
function claimText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '\u0000';
}

/** A claimed identity that names someone other than the session's user is a 403. */
export function checkClaimedIdentity(
  request: FastifyRequest,
  options: { userIdIsTarget?: boolean } = {},
): void {
  const user = request.user;
  const userIdClaims = options.userIdIsTarget === true ? [] : claimedValues(request, 'userId');
  for (const claimed of userIdClaims.map(claimText)) {
    if (claimed === undefined) continue;
    if (user === null || claimed !== String(user.userId)) {
      throw forbidden(message('server.errors.userIdMismatch'));
    }
  }
  const adminClaims = claimedValues(request, 'adminUsername');
  const header = request.headers['admin-username'];
  if (typeof header === 'string') adminClaims.push(header);
  for (const claimed of adminClaims.map(claimText)) {
    if (claimed === undefined) continue;
    if (user === null || claimed.toLowerCase() !== user.username.toLowerCase()) {
      throw forbidden(message('server.errors.adminUsernameMismatch'));
    }
  }
}

/**
 * The signed-in caller of a route whose access admits only signed-in users. The access plugin
 * has refused everyone else before the handler runs; a 401 should that ever not hold.
 */
export function callerOf(request: FastifyRequest): SessionUser {
  if (request.user === null) throw unauthorized();
  return request.user;
}

/** The Idempotency-Key to look up: a well-formed one on an idempotent route, else null. */
function lookupKeyOf(request: FastifyRequest): string | null {
  if (request.routeOptions.config.idempotent !== true) return null;
  try {
    return idempotencyKeyOf(request) ?? null;
  } catch {
    return null; // refused with its 400 where the key is used
  }
}

export function checkAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public') return;
  if (user === null) throw unauthorized();
  if (access === 'signedIn') return;
  if (!access.includes(user.role)) throw forbidden();
}

/** One /api route as registered (HEAD twins of GET routes included), with its access. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The parts of the request its route schema validates (params, querystring, body). */
  schemaParts: readonly string[];
}

const SCHEMA_PARTS = ['params', 'querystring', 'body'] as const;

const apiRoutesByApp = new WeakMap<FastifyInstance, ApiRoute[]>();

/**
 * Every /api route the app registered, as the access plugin saw it at start. The generated
 * caller matrix and the hostile-input tests are built from this list, so a new route without
 * a test entry fails them.
 */
export function apiRoutesOf(app: FastifyInstance): readonly ApiRoute[] {
  return apiRoutesByApp.get(app) ?? [];
}

export function registerAccessControl(
  app: FastifyInstance,
  opened: Pick<OpenedDb, 'db' | 'dialect'>,
  options: { loginSessionIdleMs: number },
): void {
  const { db, dialect } = opened;
  app.decorateRequest('user', null);
  app.decorateRequest('loginSessionId', null);
  const apiRoutes: ApiRoute[] = [];
  apiRoutesByApp.set(app, apiRoutes);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.access === undefined) {
      throw new Error(`route ${route.method.toString()} ${route.url} declares no access`);
    }
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && access !== undefined) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const schemaParts = SCHEMA_PARTS.filter((part) => schema[part] !== undefined);
      for (const method of [route.method].flat())
        apiRoutes.push({ method, url: route.url, access, schemaParts });
    }
    const methods = [route.method].flat();
    if (route.config?.idempotent === true && methods.some((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(`route ${methods.join()} ${route.url}: idempotent is for writes only`);
    }
    const adminOnly =
      access !== undefined && typeof access !== 'string' && access.every((r) => r === 'ADMIN');
    if (route.config?.userIdIsTarget === true && !adminOnly) {
      throw new Error(
        `route ${route.method.toString()} ${route.url}: userIdIsTarget needs ADMIN-only access`,
      );
    }
  });

  // The request's one lookup (request-lookup.ts): the login here, the secure session for the
  // secure channel's onRequest, the stored key for the order rate limits.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[LOGIN_COOKIE];
    const loginSessionId = token === undefined || token === '' ? null : hashToken(token);
    const secureSessionId = secureSessionIdOf(request) ?? null;
    if (loginSessionId === null && secureSessionId === null) return;
    const found = await lookUp(db, dialect, {
      loginSessionId,
      secureSessionId,
      idempotencyKey: lookupKeyOf(request),
      publicRoute: request.routeOptions.config.access === 'public',
    });
    keepLookup(request, found);
    const live = await liveSessionUser(db, found.login, new Date(), options.loginSessionIdleMs);
    if (live === undefined) return;
    request.user = live.user;
    request.loginSessionId = live.sessionId;
  });

  // preValidation: the body is parsed (and decrypted) by now, but not yet validated, so a
  // caller without access learns nothing from validation messages.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return; // not an /api route (static files)
    checkAccess(access, request.user);
    const userIdIsTarget = request.routeOptions.config.userIdIsTarget === true;
    checkClaimedIdentity(request, { userIdIsTarget });
  });
}
