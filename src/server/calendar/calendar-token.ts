// The calendar feed's secret token (beyond-spec.md section 3 "Calendar feed"). A calendar app
// fetches the feed with no cookie, so the token in the URL is the credential. It is
// base64url(userId ‖ generation ‖ HMAC-SHA256(key, label ‖ userId ‖ generation)): only the
// server (holder of the `calendar-feed` key in server_secrets) can make one, the same
// (user, generation) always gives the same token (GET shows the same link until it is
// rotated), and nothing secret per person is stored: rotating bumps the generation, and every
// token of an older generation no longer matches (calendar.service.ts checks it).
import { createHmac, timingSafeEqual } from 'node:crypto';

const ID_BYTES = 4;
const MAC_BYTES = 32;
const TOKEN_BYTES = 2 * ID_BYTES + MAC_BYTES;
/** base64url of 40 bytes, no padding. */
const TOKEN_TEXT = /^[A-Za-z0-9_-]{54}$/;
const FILE_SUFFIX = '.ics';
/** Domain separation: this key signs nothing else, but a label costs nothing. */
const LABEL = 'streetmed calendar feed v1';

export interface CalendarTokenClaim {
  userId: number;
  generation: number;
}

function macOf(key: Buffer, ids: Buffer): Buffer {
  return createHmac('sha256', key).update(LABEL).update(ids).digest();
}

function idsOf(claim: CalendarTokenClaim): Buffer {
  const ids = Buffer.alloc(2 * ID_BYTES);
  ids.writeUInt32BE(claim.userId, 0);
  ids.writeUInt32BE(claim.generation, ID_BYTES);
  return ids;
}

export function calendarTokenOf(key: Buffer, claim: CalendarTokenClaim): string {
  const ids = idsOf(claim);
  return Buffer.concat([ids, macOf(key, ids)]).toString('base64url');
}

/** The feed's file name in the URL: `<token>.ics`. */
export const calendarFileOf = (key: Buffer, claim: CalendarTokenClaim): string =>
  `${calendarTokenOf(key, claim)}${FILE_SUFFIX}`;

/**
 * The (user, generation) a `<token>.ics` file name was made for, or null when it is not one
 * this server made (wrong shape, wrong MAC). Whether that generation is still the current one
 * is the caller's check.
 */
export function claimOfCalendarFile(key: Buffer, file: string): CalendarTokenClaim | null {
  if (!file.endsWith(FILE_SUFFIX)) return null;
  const token = file.slice(0, -FILE_SUFFIX.length);
  if (!TOKEN_TEXT.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES) return null;
  const ids = bytes.subarray(0, 2 * ID_BYTES);
  const given = bytes.subarray(2 * ID_BYTES);
  if (!timingSafeEqual(given, macOf(key, ids))) return null;
  // base64url has one canonical text per byte string only up to its last character's unused
  // bits: insist on it, so one link has exactly one spelling.
  if (bytes.toString('base64url') !== token) return null;
  return { userId: ids.readUInt32BE(0), generation: ids.readUInt32BE(ID_BYTES) };
}
