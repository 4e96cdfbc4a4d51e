// Route schemas are the shared zod contracts (fastify-type-provider-zod's types; DESIGN.md).
// A route declares `schema: { params, querystring, body, response }`; Fastify validates after
// every preValidation hook (access control, the claimed-identity and NUL checks, decryption of
// an encrypted body), so a caller without access still learns nothing from input checks.
// - Validation: the contract's safeParse; a failure is the same 400 the handlers' own
//   `schema.parse(request.body ?? {})` gave (the first issue naming its field, worded in the
//   caller's language by zodRefusal), and a missing or null body is read as {} as they did.
// - Replies: response schemas only describe the API (GET /api/openapi.json); replies are
//   serialized with JSON.stringify as before, never stripped or reshaped by a schema.
// - The body as received (before zod strips unknown keys) is kept for the idempotency request
//   hash, so a replay must repeat the request exactly as it did before schemas.
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { type ZodType } from 'zod';
import { zodRefusal } from './zod-refusal.ts';

const receivedBodies = new WeakMap<FastifyRequest, unknown>();

/**
 * The request body as parsed from the wire, before a route schema validated it; for a route
 * without a body schema, the body as it is now.
 */
export function receivedBodyOf(request: FastifyRequest): unknown {
  return receivedBodies.has(request) ? receivedBodies.get(request) : request.body;
}

/**
 * For a route that turns a body of another form into the one its schema validates (a
 * multipart item write, in its own preValidation hook): what that body held, as the
 * idempotency hash should see it.
 */
export function recordReceivedBody(request: FastifyRequest, received: unknown): void {
  receivedBodies.set(request, received);
}

const zodValidator: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    // Fastify passes null for an absent part; handlers used to read a missing body as {}.
    const input = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
    // reportInput: the refusal tells a missing field from a wrong one (no input is echoed).
    const result = schema.safeParse(input, { reportInput: true });
    if (!result.success) return { error: zodRefusal(result.error) };
    return { value: result.data };
  };

export function registerZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidator);
  // Documentation-only response schemas: the reply is sent exactly as the handler built it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // All preValidation hooks run before validation, a route's own after this one (which may
  // record a body of another form: recordReceivedBody). Only routes with a body schema are
  // recorded: for a route without one the hash takes the body as the handler leaves it.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.body !== undefined) receivedBodies.set(request, request.body);
  });
}

/**
 * Reply schemas for the document only, for a handler whose reply the type provider cannot
 * check (a replayable write returns runIdempotent's stored body, or a refusal envelope).
 */
export function documentedReplies(replies: Record<number, ZodType>): unknown {
  return replies;
}
