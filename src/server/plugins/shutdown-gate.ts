// Graceful shutdown (DESIGN.md: "stop accepting (503), finish in-flight requests, close the
// db"). drainRequests() starts it: from then on every new request gets a 503 envelope with
// Connection: close while the listener stays open (a new connection is answered, not reset),
// and it resolves once the requests taken before have been answered; main.ts then closes the
// app. Fastify's own return503OnClosing only covers requests on already-open keep-alive
// connections, and answers them without our envelope.
import type { FastifyInstance } from 'fastify';
import { AppError, envelopeOf } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Refuse new requests with 503; resolves when the ones in flight have been answered. */
    drainRequests(): Promise<void>;
  }
}

export function registerShutdownGate(app: FastifyInstance): void {
  let closing = false;
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  const settle = () => {
    if (closing && inFlight === 0) onDrained?.();
  };
  app.decorate('drainRequests', () => {
    closing = true;
    return new Promise<void>((resolve) => {
      onDrained = resolve;
      settle();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
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
          new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Try again shortly.'),
        ),
      );
  });
}
