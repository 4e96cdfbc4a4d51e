// What identifies a replayable write (wire-protocol.md "Writes that may be replayed"): the
// Idempotency-Key header, the caller's scope, and a hash of what was asked.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { receivedBodyOf } from '../plugins/zod-schemas.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, 1–100 characters (the web client sends UUIDs). */
const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** The key of this request, undefined when it carries none; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest(message('server.errors.idempotencyKey'));
  }
  return value;
}

/**
 * Keys are scoped to the caller: 'user:<id>' when signed in, else 'anon'. Anonymous callers
 * (guests, visitors) share one scope; their keys are random UUIDs, so two of them colliding
 * is not a practical concern — and a collision could only replay a reply for the same
 * method, path and body, which holds nothing the second caller did not send.
 * A public route's keys are all 'anon', signed in or not: a device may send a public form
 * once with a login that has ended and again after signing in (or the reverse), and one
 * scope per attempt would write it twice (found by tests/client/offline/outbox-model).
 */
export function idempotencyScopeOf(request: FastifyRequest): string {
  const isPublic = request.routeOptions.config.access === 'public';
  return request.user === null || isPublic ? 'anon' : `user:${request.user.userId}`;
}

/** JSON with object keys sorted, so that key order does not make two bodies differ. */
function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of the (decrypted) body as received, to tell a replay from a reuse with another body
 * (before a route schema stripped unknown keys: a different body is still a different request).
 */
export function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(stableJson(receivedBodyOf(request) ?? null))
    .digest('hex');
}
