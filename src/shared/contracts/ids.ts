// Ids as the wire carries them (wire-protocol.md "Shapes the spec leaves open"): JSON numbers in
// replies; in paths, queries and bodies a JSON number or a string of digits. One rule for every
// area: row ids are 32-bit on PostgreSQL (serial), so anything that is not a whole number from
// 1 to MAX_ID is bad input (a 400 naming the field) before any lookup — the database never
// sees an id it could not store. A well-formed id that names no row is the route's 404.
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;
/** What a malformed or out-of-range id is told, after its field name. */
export const ID_RULE = `must be a whole number from 1 to ${MAX_ID}`;

const DIGITS = /^\d+$/;

/** The id a wire value names, or undefined when it is not one. */
export function idFromWire(value: unknown): number | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const n =
    typeof value === 'number'
      ? value
      : text !== undefined && DIGITS.test(text)
        ? Number(text)
        : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : undefined;
}

/** A required id. */
export const wireId = z.unknown().transform((value, ctx) => {
  const id = idFromWire(value);
  if (id !== undefined) return id;
  ctx.addIssue({ code: 'custom', message: ID_RULE });
  return z.NEVER;
});

/** An optional id: absent, null or '' mean none. */
export const optionalWireId = z.preprocess(
  (value) => (value === '' ? null : value),
  wireId.nullish(),
);

/**
 * The path parameters of a route whose path names ids (`/x/:userId`): each a wire id, refused
 * as "<name>: <ID_RULE>" (the 400 the server's pathId gave).
 */
export function idParams<const K extends string>(...names: K[]) {
  const shape = Object.fromEntries(names.map((name) => [name, wireId])) as Record<K, typeof wireId>;
  return z.object(shape);
}
