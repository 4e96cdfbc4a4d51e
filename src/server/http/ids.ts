// Ids in paths: the one wire rule of src/shared/contracts/ids.ts (bodies and queries use its zod
// wireId), as a 400 naming the parameter before any lookup.
import { idFromWire, MAX_ID } from '#shared/contracts/ids';
import { message } from '#shared/i18n/messages';
import { badRequest } from '../errors.ts';

/** The named path parameter as an id. */
export function pathId(params: unknown, field: string): number {
  const value =
    params !== null && typeof params === 'object'
      ? (params as Record<string, unknown>)[field]
      : undefined;
  const id = idFromWire(value);
  if (id === undefined)
    throw badRequest(message('server.errors.badId', { field, max: String(MAX_ID) }));
  return id;
}
