// GET /api/security/initiate-handshake and POST /api/security/complete-handshake (spec section
// 7 "Secure session"; wire-protocol.md items 1-2). Public and rate limited per client address.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeHandshakeRequest,
  initiateHandshakeReply,
  successReply,
} from '#shared/contracts/security';
import { COMPLETE_HANDSHAKE_PATH, INITIATE_HANDSHAKE_PATH } from '#shared/secure-channel/index';
import { perClientAddress } from '../http/rate-limits.ts';
import { checkHandshakeHeaders } from './handshake-headers.ts';
import { deleteOldSealKeys } from './handshake-seal.ts';
import { completeHandshake, initiateHandshake } from './handshake.service.ts';
import { deleteExpiredSessions } from './secure-sessions.repository.ts';

/** Handshakes per client address and minute, times config.rateLimitScale. A page load is one. */
export const HANDSHAKE_RATE_LIMIT = 60;
/** Expired sessions and old seal keys are swept on a handshake, at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export async function securityRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const client = { clientId: config.clientId, clientAuthKey: config.clientAuthKey };
  const rateLimit = perClientAddress(config, HANDSHAKE_RATE_LIMIT, 'minute');
  let lastPruneMs = 0;

  async function pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - lastPruneMs < PRUNE_EVERY_MS) return;
    lastPruneMs = now.getTime();
    await deleteExpiredSessions(opened.db, now, config.secureSessionIdleMs);
    await deleteOldSealKeys(opened.db, now);
  }

  const initiate = { response: { 200: initiateHandshakeReply } };
  app.get(
    INITIATE_HANDSHAKE_PATH,
    { config: { access: 'public', rateLimit }, schema: initiate },
    async (request) => {
      const now = new Date();
      checkHandshakeHeaders(request, client, now, { required: true });
      await pruneNowAndThen(now);
      const started = await initiateHandshake(opened.db, now);
      return { status: 'success' as const, ...started };
    },
  );

  app.post(
    COMPLETE_HANDSHAKE_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: { body: completeHandshakeRequest, response: { 200: successReply } },
      // The headers are judged before the body, as they were when the handler parsed it.
      preValidation: async (request) => {
        checkHandshakeHeaders(request, client, new Date(), { required: false });
      },
    },
    async (request) => {
      await completeHandshake(opened.db, request.body, new Date(), config.secureSessionMaxMs);
      return { status: 'success' as const };
    },
  );
}
