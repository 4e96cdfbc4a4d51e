// Sign-in failure throttling after OWASP "Slow Down Online Guessing Attacks with Device
// Cookies". A browser that signed in to an account before shows a device cookie naming it
// (device-cookie.ts); everyone else is an unknown browser.
// - A known browser is held back only by its own failures for that account (DEVICE limit):
//   no failure made elsewhere (another browser, another address, the same address) touches it.
// - An unknown browser counts per address (ADDRESS limit, over all accounts), per (account,
//   address) (PAIR limit) and, for the account, over all unknown browsers (UNTRUSTED limit,
//   the "untrusted-clients lockout": a guess spread over many addresses).
// The account is the user (`user:<id>`) when the name typed is one, so a username and its email
// count together; otherwise the name typed (`name:<key>`), so a 429 says nothing about whether
// an account exists.
// A try reserves its counts before the password is checked (increment first, then compare),
// so parallel tries cannot all slip under a limit; a refused try and a success give the
// reservation back, only failures keep it. Counts live in a ThrottleStore (throttle-store.ts).
import type { ThrottleStore } from './throttle-store.ts';

export interface ThrottleLimits {
  /** Failures per device cookie (for its account) within the window. */
  deviceFailures: number;
  /** Failures from one address, over all accounts, by unknown browsers. */
  addressFailures: number;
  /** Failures for one account from one address by unknown browsers. */
  pairFailures: number;
  /** Failures for one account by all unknown browsers together. */
  untrustedFailures: number;
  windowMs: number;
}

export interface SignInAttempt {
  /** request.ip: the client's address as TRUST_PROXY derives it. */
  address: string;
  /** `user:<id>` or `name:<key>` (accountKeyOf). */
  account: string;
  /** The id of a valid device cookie naming this account; null for an unknown browser. */
  device: string | null;
}

export interface Reservation {
  /** The try was no failure (an error before the check): give the counts back. */
  release(now: number): Promise<void>;
  /** Signed in: give the counts back and forget this browser's failures for the account. */
  succeeded(now: number): Promise<void>;
  // Neither called: the try was a failure and stays counted.
}

export type BeginResult =
  { allowed: true; reservation: Reservation } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Reserves a try, or refuses it with the seconds to wait (nothing stays counted then). */
  begin(attempt: SignInAttempt, now: number): Promise<BeginResult>;
}

export function accountKeyOf(userId: number | undefined, typedKey: string): string {
  return userId === undefined ? `name:${typedKey}` : `user:${userId}`;
}

interface Counter {
  key: string;
  limit: number;
}

function countersOf(attempt: SignInAttempt, limits: ThrottleLimits): Counter[] {
  if (attempt.device !== null) {
    return [{ key: `device:${attempt.account}:${attempt.device}`, limit: limits.deviceFailures }];
  }
  return [
    { key: `address:${attempt.address}`, limit: limits.addressFailures },
    { key: `pair:${attempt.account}:${attempt.address}`, limit: limits.pairFailures },
    { key: `untrusted:${attempt.account}`, limit: limits.untrustedFailures },
  ];
}

export function createLoginThrottle(store: ThrottleStore, limits: ThrottleLimits): LoginThrottle {
  const giveBack = async (counters: Counter[], now: number) => {
    for (const counter of counters) await store.decrement(counter.key, now);
  };

  return {
    async begin(attempt, now) {
      const counters = countersOf(attempt, limits);
      let waitUntil = 0;
      for (const counter of counters) {
        const { count, resetAt } = await store.increment(counter.key, limits.windowMs, now);
        if (count > counter.limit) waitUntil = Math.max(waitUntil, resetAt);
      }
      if (waitUntil > 0) {
        await giveBack(counters, now);
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now) / 1000)),
        };
      }
      let settled = false;
      const settle = async (success: boolean, at: number) => {
        if (settled) return;
        settled = true;
        await giveBack(counters, at);
        if (!success) return;
        // This browser's own record for the account starts afresh; the address's and the
        // account's unknown-browser counts keep what others did.
        const own = attempt.device !== null ? counters[0] : counters[1];
        if (own !== undefined) await store.reset(own.key);
      };
      return {
        allowed: true,
        reservation: {
          release: (at) => settle(false, at),
          succeeded: (at) => settle(true, at),
        },
      };
    },
  };
}
