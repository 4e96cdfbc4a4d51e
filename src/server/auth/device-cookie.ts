// The sign-in device cookie (OWASP "device cookies"; login-throttle.ts says what it buys).
// `sm_device` holds, for each of the last few accounts that signed in on this browser, an
// entry `<userId>.<issuedAt>.<nonce>.<signature>`: the signature is an HMAC-SHA256 of the rest
// under the server's `device-cookie` secret (server_secrets), so only the server can make one
// and an entry names exactly one account. The nonce is the device's id in the throttle; each
// sign-in replaces the account's entry with a new one. HttpOnly, SameSite=Strict, Secure
// behind https, and long-lived: it outlives logins on purpose (logout keeps it).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';

export const DEVICE_COOKIE = 'sm_device';
/** How long an entry counts (and the cookie's Max-Age). */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser (a shared phone at the supply table). */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;

const ENTRY = /^(\d{1,10})\.(\d{1,13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const SEPARATOR = '~';

interface Entry {
  userId: number;
  issuedAt: number;
  nonce: string;
  text: string;
}

export interface DeviceCookies {
  /** The device id (nonce) of a valid entry for this user on the request, else null. */
  deviceOf(request: FastifyRequest, userId: number, now: number): string | null;
  /**
   * The account of the first valid entry on the request, else null: only the server can sign
   * one, so it sets this browser apart from strangers behind the same address.
   */
  knownAccountOf(request: FastifyRequest, now: number): number | null;
  /** Sets the cookie with a fresh entry for the user (keeping other accounts' valid ones). */
  issue(request: FastifyRequest, reply: FastifyReply, userId: number, now: number): void;
}

export function createDeviceCookies(
  key: Buffer,
  config: Pick<ServerConfig, 'secureCookies'>,
): DeviceCookies {
  const sign = (userId: number, issuedAt: number, nonce: string) =>
    createHmac('sha256', key)
      .update(`${DEVICE_COOKIE}:${userId}.${issuedAt}.${nonce}`)
      .digest('base64url');

  const parse = (text: string, now: number): Entry | null => {
    const match = ENTRY.exec(text);
    if (match === null) return null;
    const [, id, at, nonce = '', signature = ''] = match;
    const userId = Number(id);
    const issuedAt = Number(at);
    if (issuedAt > now || now - issuedAt > DEVICE_COOKIE_MAX_AGE_MS) return null;
    const expected = Buffer.from(sign(userId, issuedAt, nonce));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, issuedAt, nonce, text };
  };

  const entriesOf = (request: FastifyRequest, now: number): Entry[] => {
    const value = request.cookies[DEVICE_COOKIE];
    if (value === undefined || value.length > 1024) return [];
    return value
      .split(SEPARATOR)
      .slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)
      .map((text) => parse(text, now))
      .filter((entry): entry is Entry => entry !== null);
  };

  return {
    deviceOf(request, userId, now) {
      return entriesOf(request, now).find((entry) => entry.userId === userId)?.nonce ?? null;
    },
    knownAccountOf(request, now) {
      return entriesOf(request, now)[0]?.userId ?? null;
    },
    issue(request, reply, userId, now) {
      const nonce = randomBytes(16).toString('base64url');
      const fresh = `${userId}.${now}.${nonce}.${sign(userId, now, nonce)}`;
      const others = entriesOf(request, now)
        .filter((entry) => entry.userId !== userId)
        .map((entry) => entry.text);
      const kept = [...others, fresh].slice(-DEVICE_COOKIE_MAX_ACCOUNTS);
      reply.setCookie(DEVICE_COOKIE, kept.join(SEPARATOR), {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/auth',
        secure: config.secureCookies,
        maxAge: Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000),
      });
    },
  };
}
