// The JSON depth limit (beyond-spec.md "Cheap refusals"): a body nested deeper than 64 levels
// is a 400 whatever its headers. It is checked on the raw text, before JSON.parse, by one
// loop with a counter and no recursion: a recursive walk of a 100,000-level body (the
// idempotency key's hash did one) overflows the stack and became a 500. Every later step
// (validation, the NUL guard, the key's hash) may then recurse over a body safely.
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether the JSON text nests arrays/objects deeper than `limit`. Brackets inside strings do
 * not count; a text that is not JSON at all gets whatever answer, JSON.parse refuses it next.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      depth++;
      if (depth > limit) return true;
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return false;
}

/**
 * The same question of a value parsed already (a multipart field that its part declared
 * application/json arrives parsed): a walk with its own stack, never recursion.
 */
export function valueTooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

export function tooDeep() {
  return badRequest(message('server.errors.tooDeep', { max: String(MAX_JSON_DEPTH) }));
}

/** Throws the 400 when the text nests too deep. */
export function refuseTooDeep(text: string): void {
  if (jsonTooDeep(text)) throw tooDeep();
}
