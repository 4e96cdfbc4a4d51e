// Notification preferences and the mail opt-out (contracts/notifications.ts):
// - GET / PUT /api/notifications/preferences (any signed-in user): {push, email}. PUT is
//   replayable with an Idempotency-Key, like every write the client's outbox sends.
// - POST /api/notifications/unsubscribe (public, rate limited per address): the signed token
//   of a mail's link turns that person's mail off. The token comes as JSON {token} (the app's
//   /unsubscribe screen) or in the query with any body (RFC 8058 one-click: a mail client
//   posts the form `List-Unsubscribe=One-Click` to the List-Unsubscribe URL).
// - GET /api/notifications/unsubscribe?token=… (public): a mail client that opens the
//   List-Unsubscribe URL in a browser instead of posting to it is sent (303) to the app's
//   /unsubscribe page with the same token, where the person confirms. A GET never turns mail
//   off (RFC 8058 section 3.2: link scanners fetch URLs; only the POST acts).
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_PATHS,
  notificationPreferencesReply,
  notificationPreferencesSchema,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeReply,
} from '#shared/contracts/notifications';
import { perClientAddress } from '../http/rate-limits.ts';
import { signedInWriteOf, writeOf } from '../http/writes.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { callerOf } from '../plugins/access.ts';
import { sayTo } from '../i18n/say-to.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import {
  preferencesOf,
  unsubscribeByToken,
  UNSUBSCRIBED,
  updatePreferences,
} from './preferences.service.ts';
import { loadUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.ts';

/** Preference changes per address and minute (times config.rateLimitScale). */
export const PREFERENCES_RATE_LIMIT = 30;
/** Opt-out posts per address and minute: a public write, a token can only be guessed. */
export const UNSUBSCRIBE_RATE_LIMIT = 10;

export async function notificationRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  let tokens: Promise<UnsubscribeTokens> | undefined;

  // Only in this plugin: the one-click form body (RFC 8058); its fields are not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseQuery(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );

  app.get(
    NOTIFICATION_PATHS.preferences,
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: notificationPreferencesReply } },
    },
    async (request) => {
      const prefs = await preferencesOf(opened.db, callerOf(request).userId);
      return {
        status: 'success' as const,
        message: sayTo(request, 'server.notifications.preferences'),
        ...prefs,
      };
    },
  );

  app.put(
    NOTIFICATION_PATHS.preferences,
    {
      config: {
        access: 'signedIn',
        idempotent: true,
        rateLimit: perClientAddress(config, PREFERENCES_RATE_LIMIT, 'minute'),
      },
      schema: {
        body: notificationPreferencesSchema,
        response: documentedReplies({ 200: notificationPreferencesReply }),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, opened.db, async (trx) => {
        const prefs = await updatePreferences(signedInWriteOf(request, trx), request.body);
        const message = sayTo(request, 'server.notifications.preferencesSaved');
        return { statusCode: 200, body: { status: 'success', message, ...prefs } };
      }),
  );

  app.get(
    NOTIFICATION_PATHS.unsubscribe,
    {
      config: {
        access: 'public',
        rateLimit: perClientAddress(config, UNSUBSCRIBE_RATE_LIMIT, 'minute'),
      },
      schema: {
        querystring: unsubscribeQuery,
        description:
          'Opened in a browser (a mail client that does not post the one-click form): a 303 ' +
          'to the app’s /unsubscribe page with the same token, where the person confirms. ' +
          'Turns nothing off by itself.',
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
      return reply.redirect(`/unsubscribe${query}`, 303);
    },
  );

  app.post(
    NOTIFICATION_PATHS.unsubscribe,
    {
      config: {
        access: 'public',
        rateLimit: perClientAddress(config, UNSUBSCRIBE_RATE_LIMIT, 'minute'),
      },
      schema: {
        body: unsubscribeBody,
        querystring: unsubscribeQuery,
        response: documentedReplies({ 200: unsubscribeReply }),
      },
    },
    async (request) => {
      tokens ??= loadUnsubscribeTokens(opened.db);
      const loaded = await tokens;
      const token = request.body.token ?? request.query.token;
      await opened.db
        .transaction()
        .execute((trx) => unsubscribeByToken(writeOf(request, trx), loaded, token));
      return { status: 'success' as const, message: sayTo(request, UNSUBSCRIBED) };
    },
  );
}
