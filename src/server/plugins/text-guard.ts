// Refuses NUL characters anywhere in a request's query, params or JSON body. PostgreSQL cannot
// store them in text columns (it raises an error mid-write) and no field of the product needs
// one, so they are a 400 naming the field at the door instead of a failure in a repository.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';

const MAX_DEPTH = 32;

/** The path of the first string (or key) holding a NUL, '' for the root, undefined if none. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return path;
    const found = nulPath(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A 400 naming the first field that holds a NUL, for a body read after this guard ran. */
export function refuseNul(source: unknown): void {
  const path = nulPath(source, '');
  if (path === undefined) return;
  const field = path === '' ? 'body' : path;
  throw badRequest(message('server.errors.nul', { field }));
}

export function registerTextGuard(app: FastifyInstance): void {
  // preValidation runs after decryption (the secure channel parses encrypted bodies first). A
  // multipart body is read later, by its route (cargo/item-body.ts), which calls refuseNul.
  app.addHook('preValidation', async (request) => {
    for (const source of [request.params, request.query, request.body]) refuseNul(source);
  });
}
