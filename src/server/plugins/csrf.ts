// Cross-site request refusal (wire-protocol.md): a state-changing request must carry
// something a browser cannot send cross-site without a CORS preflight, and requests that say
// they come from another site are refused. The server sends no CORS grants at all.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { forbidden } from '../errors.ts';
import { message } from '#shared/i18n/messages';

/** Worded in the caller's language. */
const CROSS_SITE = message('server.errors.crossSite');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PREFLIGHTED_HEADERS = ['x-session-id', 'idempotency-key', 'admin-username'];
const ONE_CLICK_UNSUBSCRIBE = `${NOTIFICATION_PATHS.unsubscribe}?`;

function isForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

function carriesPreflightedSignal(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return true;
  return PREFLIGHTED_HEADERS.some((h) => request.headers[h] !== undefined);
}

export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(CROSS_SITE);
    if (isForeignOrigin(request)) throw forbidden(CROSS_SITE);
    if (SAFE_METHODS.has(request.method)) return;
    // RFC 8058 one-click opt-out: a mail provider posts a form with no preflight signal; the
    // signed token in the URL is the whole authority (it turns one person's mail off).
    if (request.url.startsWith(ONE_CLICK_UNSUBSCRIBE)) return;
    // Multipart uploads (admin images) are sent with Admin-Username, which forces a preflight.
    if (!carriesPreflightedSignal(request)) throw forbidden(CROSS_SITE);
  });
}
