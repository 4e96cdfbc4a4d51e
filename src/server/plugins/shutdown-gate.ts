// Graceful shutdown, in two steps (main.ts runs them on SIGTERM; ARCHITECTURE.md "Readiness
// and rolling restart"):
// 1. beginShutdown(): the process says it is not ready (GET /api/ready → 503) and otherwise
//    serves as before, for config.shutdownGraceMs, so a balancer's health checks take it out of
//    rotation before anything is refused.
// 2. drainRequests(): from then on every new request gets a 503 envelope with Connection:
//    close while the listener stays open (a new connection is answered, not reset; the
//    balancer retries that 503 on another process), every reply still to be sent says
//    Connection: close (so a keep-alive connection whose request was in flight closes with its
//    reply instead of idling until its keep-alive timeout), and it resolves once the requests
//    taken before have been answered; main.ts then closes the app.
// Fastify's own return503OnClosing only covers requests on already-open keep-alive
// connections, and answers them without our envelope.
import type { FastifyInstance } from 'fastify';
import { message } from '#shared/i18n/messages';
import { AppError, envelopeOf } from '../errors.ts';
import { requestLanguage } from '../i18n/request-language.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Step 1: report not-ready from now on, still serving every request. */
    beginShutdown(): void;
    /** Whether beginShutdown (or drainRequests, or close) has been called. */
    isShuttingDown(): boolean;
    /** Step 2: refuse new requests with 503; resolves when the ones in flight are answered. */
    drainRequests(): Promise<void>;
  }
}

export const SHUTTING_DOWN_MESSAGE = message('server.errors.restarting');

export function registerShutdownGate(app: FastifyInstance): void {
  let notReady = false;
  let closing = false;
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  const settle = () => {
    if (closing && inFlight === 0) onDrained?.();
  };
  app.decorate('beginShutdown', () => {
    notReady = true;
  });
  app.decorate('isShuttingDown', () => notReady || closing);
  app.decorate('drainRequests', () => {
    notReady = true;
    closing = true;
    return new Promise<void>((resolve) => {
      onDrained = resolve;
      settle();
    });
  });
  app.addHook('preClose', async () => {
    notReady = true;
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) {
      inFlight += 1;
      // 'close' fires once the reply is sent or the connection dropped, whichever comes first.
      reply.raw.once('close', () => {
        inFlight -= 1;
        settle();
      });
      return;
    }
    reply.header('connection', 'close');
    await reply
      .status(503)
      .send(
        envelopeOf(
          new AppError('SERVICE_UNAVAILABLE', SHUTTING_DOWN_MESSAGE),
          requestLanguage(request),
        ),
      );
  });
  // A request taken before the drain whose reply goes after it: its connection closes with it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
