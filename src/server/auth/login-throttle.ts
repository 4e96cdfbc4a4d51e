// Sign-in failure throttling, per client IP and per account name (what was typed, so unknown
// and known accounts are throttled alike and the 429 reveals nothing). Keeps, in this
// process's memory, the times of recent failures per key. One process is the deployment
// this app is built for; several processes behind a balancer would each count their own
// (a shared store such as Redis would be the step up).

export interface ThrottleLimits {
  /** Failures per account name within the window before sign-in is refused. */
  accountFailures: number;
  /** Failures per client IP within the window before sign-in is refused. */
  ipFailures: number;
  windowMs: number;
}

export interface LoginThrottle {
  /** Seconds until a sign-in may be tried again; 0 when it may be tried now. */
  retryAfterSeconds(ip: string, account: string, now: number): number;
  recordFailure(ip: string, account: string, now: number): void;
  /** A successful sign-in clears the account's failures (not the IP's). */
  clearAccount(account: string): void;
}

/** Beyond this many keys, expired entries are swept so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

export function createLoginThrottle(limits: ThrottleLimits): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const times = (failures.get(key) ?? []).filter((t) => t > now - limits.windowMs);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  const waitFor = (key: string, limit: number, now: number): number => {
    const times = recent(key, now);
    if (times.length < limit) return 0;
    // Allowed again once enough of the oldest failures leave the window.
    const freeing = times[times.length - limit] ?? now;
    return Math.max(1, Math.ceil((freeing + limits.windowMs - now) / 1000));
  };

  const sweep = (now: number) => {
    if (failures.size <= SWEEP_ABOVE) return;
    for (const key of [...failures.keys()]) recent(key, now);
  };

  return {
    retryAfterSeconds(ip, account, now) {
      return Math.max(
        waitFor(`ip:${ip}`, limits.ipFailures, now),
        waitFor(`account:${account}`, limits.accountFailures, now),
      );
    },
    recordFailure(ip, account, now) {
      sweep(now);
      for (const key of [`ip:${ip}`, `account:${account}`]) {
        failures.set(key, [...recent(key, now), now]);
      }
    },
    clearAccount(account) {
      failures.delete(`account:${account}`);
    },
  };
}
