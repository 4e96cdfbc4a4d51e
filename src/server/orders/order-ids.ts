// Ids in paths and bodies (wire-protocol.md "Shapes the spec leaves open"): numbers or digit
// strings. Anything else is a 400 naming the field, before any lookup.
import { badRequest } from '../errors.ts';

const DIGITS = /^\d{1,10}$/;
/** Ids are 32-bit on PostgreSQL (serial); a larger one could only fail in the database. */
const MAX_ID = 2_147_483_647;

export function parseId(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (
    typeof text !== 'string' ||
    !DIGITS.test(text) ||
    Number(text) === 0 ||
    Number(text) > MAX_ID
  ) {
    throw badRequest(`${field} must be a positive whole number.`);
  }
  return Number(text);
}

/** The named path parameter as an id. */
export function pathId(params: unknown, field: string): number {
  const value =
    params !== null && typeof params === 'object'
      ? (params as Record<string, unknown>)[field]
      : undefined;
  return parseId(value, field);
}
