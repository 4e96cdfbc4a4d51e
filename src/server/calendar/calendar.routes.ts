// The volunteer's calendar feed (issue 19; beyond-spec.md section 3 "Calendar feed"):
// - GET /api/rounds/calendar-link (VOLUNTEER): the secret feed URL, the same on every call
//   until it is rotated.
// - POST /api/rounds/calendar-link/rotate (VOLUNTEER, replayable write): a new URL; the old
//   one stops working.
// - GET /api/calendar/<token>.ics (public: calendar apps send no cookie; the token is the
//   credential): text/calendar. A token that opens nothing is answered exactly like a path
//   no route serves, so a guess learns nothing (not even that the route exists).
// The token is in the URL's path: the request logger redacts it (logging.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarFeedParams,
  calendarLinkReply,
  NOTIFICATION_PATHS,
} from '#shared/contracts/notifications';
import { pathTo } from '#shared/contracts/paths';
import type { z } from 'zod';
import { callerOf, type Access } from '../plugins/access.ts';
import { noSuchEndpoint } from '../plugins/static-app.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { writeOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { calendarKey } from './calendar.repository.ts';
import { currentCalendarFile, feedContentOf, rotateCalendarLink } from './calendar.service.ts';
import { feedText } from './calendar-feed.ts';

const VOLUNTEER: Access = ['VOLUNTEER'];

/**
 * Feed fetches per client address and minute (times config.rateLimitScale): calendar apps
 * poll every few minutes at most, a household behind one address has a few; guessing tokens
 * is hopeless anyway (a 256-bit MAC), this only keeps the feed cheap.
 */
export const CALENDAR_FEED_RATE_LIMIT = 60;

/** Calendar apps may keep a copy 5 minutes; shared caches none (the URL is a secret). */
const FEED_CACHE_CONTROL = 'private, max-age=300';

type CalendarLinkReply = z.infer<typeof calendarLinkReply>;

export async function calendarRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const db = opened.db;
  const key = await calendarKey(db);
  const urlOf = (file: string) =>
    `${config.publicUrl}${pathTo(NOTIFICATION_PATHS.calendarFeed, { file })}`;

  app.get(
    NOTIFICATION_PATHS.calendarLink,
    { config: { access: VOLUNTEER }, schema: { response: { 200: calendarLinkReply } } },
    async (request): Promise<CalendarLinkReply> => {
      const file = await currentCalendarFile(db, key, callerOf(request).userId);
      const message = sayTo(request, 'server.calendar.linkLoaded');
      return { status: 'success', message, url: urlOf(file) };
    },
  );

  app.post(
    NOTIFICATION_PATHS.calendarRotate,
    {
      config: { access: VOLUNTEER, idempotent: true },
      schema: { response: documentedReplies({ 200: calendarLinkReply }) },
    },
    async (request, reply) => {
      const userId = callerOf(request).userId;
      return runIdempotent(
        request,
        reply,
        db,
        async (trx) => {
          const file = await rotateCalendarLink(writeOf(request, trx), key, userId);
          const body: CalendarLinkReply = {
            status: 'success',
            message: sayTo(request, 'server.calendar.linkRotated'),
            url: urlOf(file),
          };
          return { statusCode: 200, body };
        },
        // The link is a credential: the stored copy for replays goes without it (a replay's
        // caller reads the link with GET).
        { stored: (body) => ({ ...body, url: '' }) },
      );
    },
  );

  app.get(
    NOTIFICATION_PATHS.calendarFeed,
    {
      config: {
        access: 'public',
        rateLimit: perClientAddress(config, CALENDAR_FEED_RATE_LIMIT, 'minute'),
      },
      schema: {
        params: calendarFeedParams,
        description:
          'The volunteer’s rounds as text/calendar (RFC 5545); `file` is `<token>.ics` from ' +
          'GET /api/rounds/calendar-link. An unknown or rotated token is a 404.',
      },
    },
    async (request, reply) => {
      const now = config.clock();
      const content = await feedContentOf(db, key, request.params.file, now);
      if (content === undefined) throw noSuchEndpoint();
      const text = feedText(content.rounds, content, config, now);
      return reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('content-disposition', 'inline; filename="rounds.ics"')
        .type('text/calendar; charset=utf-8')
        .send(text);
    },
  );
}
