// What a route that hands out personal data shares: the privacy settings its views take from
// the configuration, and recording the read under the caller and the route before the reply
// leaves (audit/personal-data-reads.service.ts).
import type { FastifyRequest } from 'fastify';
import type { PrivacySettings } from '#shared/rules/address-window';
import {
  recordPersonalDataRead,
  type PersonalDataTarget,
} from '../audit/personal-data-reads.service.ts';
import { callerOf } from '../plugins/access.ts';

/** The address window and retention the views apply, and the clock they apply them at. */
export function privacyOf(request: FastifyRequest): { now: Date; settings: PrivacySettings } {
  const { config } = request.server.ctx;
  return {
    now: config.clock(),
    settings: {
      addressRevealHours: config.addressRevealHours,
      retentionDays: config.retentionDays,
    },
  };
}

/**
 * Records that the reply about to be sent holds the personal data of `ids` (nothing when
 * empty). Awaited before the reply: a failure fails the request, and no data leaves. The entry
 * is committed before the reply, and synced to disk right after it without holding it back
 * (`committedDb`): waiting for the disk made every read wait a sync or two (~5 ms each here),
 * which cost the order-read path ~10 % of its reads/s. A HEAD request runs the same handler but
 * sends no body, so it records nothing.
 */
export async function recordRead(
  request: FastifyRequest,
  at: Date,
  target: PersonalDataTarget,
  ids: readonly number[],
): Promise<void> {
  if (request.method === 'HEAD') return;
  const { userId, username } = callerOf(request);
  await recordPersonalDataRead(request.server.ctx.opened.committedDb, at, {
    actor: { userId, username },
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    target,
    ids,
  });
}
