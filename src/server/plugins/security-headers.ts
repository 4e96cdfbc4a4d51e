// The security headers of every reply (helmet), with the app's Content-Security-Policy: scripts
// strictly 'self', no inline scripts. @fastify/helmet builds a new helmet middleware for every
// request (parsing and checking the CSP each time); here it is built once at start, and each
// request only runs it, setting the same headers on the raw response the plugin did.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // index.html inlines the entry stylesheet and the startup screen's language rules (the first
    // paint waits for no stylesheet request: vite.config.ts). Scripts stay strictly 'self'.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet hands on only Error objects (it wraps anything else thrown in a directive).
    setHeaders(request.raw, reply.raw, (err?: unknown) => {
      done(err instanceof Error ? err : undefined);
    });
  });
}
