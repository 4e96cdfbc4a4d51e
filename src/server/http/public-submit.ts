// A public form's POST (the volunteer application, feedback): anyone may send it, so many per
// client address and minute; the shared rule's message refuses it (400) before anything is
// written; the write is replayable with an Idempotency-Key (the web client sends these through
// its outbox) and answers 200 with the body it builds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import type { WriteContext } from '../db/write-context.ts';
import { badRequest, type RefusalText } from '../errors.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { perClientAddress } from './rate-limits.ts';
import { writeOf } from './writes.ts';

export interface PublicSubmit<Body extends ZodType, Reply extends ZodType<object>> {
  path: string;
  body: Body;
  reply: Reply;
  /** Sends per client address and minute (times config.rateLimitScale). */
  perMinute: number;
  /** The shared rule's check: a message refuses the body (in the caller's language). */
  check: (input: z.output<Body>) => RefusalText | null;
  /** The write, in the guarded transaction; returns the reply's body. */
  write: (
    w: WriteContext,
    input: z.output<Body>,
    request: FastifyRequest,
  ) => Promise<NoInfer<z.output<Reply>>>;
}

export function postPublicSubmit<Body extends ZodType, Reply extends ZodType<object>>(
  untyped: FastifyInstance,
  submit: PublicSubmit<Body, Reply>,
): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const rateLimit = perClientAddress(app.ctx.config, submit.perMinute, 'minute');
  const schema = { body: submit.body, response: documentedReplies({ 200: submit.reply }) };
  app.post(
    submit.path,
    { config: { idempotent: true, access: 'public', rateLimit }, schema },
    async (request, reply) => {
      // The schema parsed the body; the type provider cannot name a generic schema's output.
      const input = request.body as z.output<Body>;
      const invalid = submit.check(input);
      if (invalid !== null) throw badRequest(invalid);
      return runIdempotent(request, reply, app.ctx.opened.db, async (trx) => {
        const body = await submit.write(writeOf(request, trx), input, request);
        return { statusCode: 200, body };
      });
    },
  );
}
