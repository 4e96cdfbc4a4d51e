// Graceful shutdown: once closing starts, new requests get a 503 envelope while the ones in
// flight finish (Fastify's return503OnClosing answers only keep-alive connections).
import type { FastifyInstance } from 'fastify';
import { AppError, envelopeOf } from '../errors.ts';

export function registerShutdownGate(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
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
