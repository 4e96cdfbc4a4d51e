// Environment → typed configuration (wire-protocol.md "Operating interface").
// Everything the server reads from the environment is read here, once.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined = SQLite file in dataDir; postgres://… = PostgreSQL. */
  databaseUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** undefined = write each message as an .eml file under dataDir/mail. */
  smtpUrl: string | undefined;
  /** The From of outgoing mail (MAIL_FROM). */
  mailFrom: string;
  clientAuthKey: string;
  clientId: string;
  siteTitle: string;
  /**
   * The site's public base URL, no trailing slash (PUBLIC_URL): the links in mails. Never
   * taken from a request's Host header, which the caller chooses.
   */
  publicUrl: string;
  /** Folder of the built PWA; served when it exists. */
  staticDir: string;
  /** Secure sessions: idle and absolute lifetimes in ms. */
  secureSessionIdleMs: number;
  secureSessionMaxMs: number;
  /** Login sessions: idle and absolute lifetimes in ms. */
  loginSessionIdleMs: number;
  loginSessionMaxMs: number;
  /** Every rate limit is multiplied by this (RATE_LIMIT_SCALE, default 1); tests raise it. */
  rateLimitScale: number;
  /** Whether cookies get the Secure flag (behind https). */
  secureCookies: boolean;
  /** Fastify's trustProxy, from TRUST_PROXY (see trustProxyFrom): who may set X-Forwarded-For. */
  trustProxy: TrustProxy;
  /** Log level for pino; 'silent' in tests. */
  logLevel: string;
  /**
   * SQLite only (SQLITE_DURABILITY): 'driver' (default) syncs the WAL off the event loop,
   * one sync at a time; 'sqlite' lets SQLite sync inside COMMIT. Both acknowledge a write
   * only once it is on disk (db/kysely.ts).
   */
  sqliteDurability: 'driver' | 'sqlite';
  /**
   * Days a COMPLETED or CANCELLED order keeps its personal data (RETENTION_DAYS, default 30;
   * 0 = purged at the next sweep). Also feedback phones and rejected applications.
   */
  retentionDays: number;
  /** Hours before a round starts that its volunteers see addresses (ADDRESS_REVEAL_HOURS, 24). */
  addressRevealHours: number;
  /**
   * Days an idempotency key (and the reply stored with it) is kept at least (IDEMPOTENCY_DAYS,
   * default 35): a phone offline for weeks still gets the first verdict when it resends.
   */
  idempotencyDays: number;
  /**
   * REDIS_URL: undefined = every count lives in this process's memory (one process); set =
   * rate limits and sign-in throttles live in Redis, shared by every process of the deployment.
   */
  redisUrl: string | undefined;
  /**
   * Prefix of every Redis key (REDIS_PREFIX), so deployments sharing one Redis never mix;
   * default `streetmed:` + a hash of the database's location.
   */
  redisPrefix: string;
  /**
   * SHUTDOWN_GRACE_MS (default 5000): after SIGTERM the process reports not-ready for this
   * long while it keeps serving, so the balancer's checks take it out before it stops.
   */
  shutdownGraceMs: number;
  /**
   * Web Push (push/): the hosts pushes may go to (PUSH_HOSTS, a comma list; `*.` = any
   * subdomain; default the browsers' push services), and the VAPID keys (VAPID_PUBLIC_KEY /
   * VAPID_PRIVATE_KEY, base64url; both or neither: unset = made once, kept in the database)
   * with their subject (VAPID_SUBJECT, else PUBLIC_URL when https, else mailto: MAIL_FROM).
   */
  pushHosts: readonly string[];
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /**
   * Hours before a round starts that its CONFIRMED volunteers are reminded (REMINDER_HOURS,
   * default 24; notifications/).
   */
  reminderHours: number;
  /**
   * The group's IANA time zone (TIME_ZONE, e.g. America/Los_Angeles): the times notifications
   * and mails name are shown in it. Default: the process's own zone (TZ, else the system's).
   */
  timeZone: string;
  /**
   * Whether this process runs the notification worker (default true; tests that must not
   * send, or drive the worker themselves, turn it off).
   */
  notificationWorker: boolean;
  /** The server's clock. Only tests set another, to move time forward without sleeping. */
  clock: () => Date;
}

export const DEFAULT_CLIENT_ID = 'streetmed-web';
// The web bundle ships this key, so it is public by construction (wire-protocol.md):
// it identifies the web client, it protects nothing.
export const DEFAULT_CLIENT_AUTH_KEY = 'streetmed-public-client-key';
export const DEFAULT_SITE_TITLE = 'StreetMed Supply';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function sqliteDurabilityFrom(value: string | undefined): 'driver' | 'sqlite' {
  if (value === undefined || value === '' || value === 'driver') return 'driver';
  if (value === 'sqlite') return 'sqlite';
  throw new Error('SQLITE_DURABILITY must be driver or sqlite');
}

/** TIME_ZONE: an IANA zone name Intl knows; else the process's own zone. */
function timeZoneFrom(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    throw new Error('TIME_ZONE must be an IANA time zone name, e.g. America/Los_Angeles');
  }
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

/** RATE_LIMIT_SCALE: a positive number every per-address and per-account limit is scaled by. */
function scaleFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error('RATE_LIMIT_SCALE must be a positive number');
  return n;
}

/**
 * false = direct connections (request.ip is the socket's address); true = every hop is a
 * proxy; a function trusting the nearest N hops (a hop count); or a comma list of addresses
 * and CIDRs, the proxies whose X-Forwarded-For is believed (Fastify's string form).
 */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be "true", a hop count (a whole number) or a comma list of IP ' +
  'addresses / CIDRs (e.g. 127.0.0.1,10.0.0.0/8; loopback, linklocal, uniquelocal)';

/**
 * TRUST_PROXY → trustProxy; a bad value throws, so the server refuses to start. A hop count
 * becomes a function: Fastify 5 turns a bare number into "trust nobody" (it cannot check the
 * nearest peer), and the spec pins the hop count's usual meaning, the nearest N hops.
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (!Number.isSafeInteger(hops)) throw new Error(TRUST_PROXY_HELP);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) throw new Error(`${TRUST_PROXY_HELP}; "${entry}" is not one`);
  }
  return entries.join(',');
}

/** The named ranges Fastify's proxy-addr knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const kind = isIP(address);
  if (kind === 0) return false;
  if (slash === -1) return true;
  const bits = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (kind === 4 ? 32 : 128);
}

/** The wire protocol promises a stored reply for at least 7 days; fewer would break it. */
export const IDEMPOTENCY_MIN_DAYS = 7;

function idempotencyDaysFrom(value: string | undefined): number {
  const days = intFrom(value, 35, 'IDEMPOTENCY_DAYS');
  if (days < IDEMPOTENCY_MIN_DAYS)
    throw new Error(`IDEMPOTENCY_DAYS must be at least ${IDEMPOTENCY_MIN_DAYS} (wire-protocol.md)`);
  return days;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * PUBLIC_URL (http/https, no path needed), else this server as a browser on the same machine
 * reaches it: https when cookies are Secure (served behind https), http otherwise.
 */
export function publicUrlFrom(value: string | undefined, port: number, secure: boolean): string {
  const raw = nonEmpty(value?.trim());
  if (raw === undefined) return `${secure ? 'https' : 'http'}://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('PUBLIC_URL must be an absolute http(s) URL, e.g. https://supply.example.org');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('PUBLIC_URL must start with http:// or https://');
  return url.toString().replace(/\/+$/, '');
}

/**
 * REDIS_PREFIX, else one derived from where the data lives (DATABASE_URL, else the SQLite
 * folder): two deployments on one Redis get different prefixes without being told to.
 */
export function redisPrefixFrom(value: string | undefined, dataLocation: string): string {
  const raw = nonEmpty(value?.trim());
  if (raw !== undefined) return raw.endsWith(':') ? raw : `${raw}:`;
  const hash = createHash('sha256').update(dataLocation).digest('hex').slice(0, 12);
  return `streetmed:${hash}:`;
}

export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** PUSH_HOSTS: lower-case host names, `*.name` for any subdomain of name. */
export function pushHostsFrom(value: string | undefined): readonly string[] {
  const raw = nonEmpty(value?.trim());
  if (raw === undefined) return DEFAULT_PUSH_HOSTS;
  const hosts = raw.split(',').map((h) => h.trim().toLowerCase());
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.:[\]-]+$/.test(host))
      throw new Error(`PUSH_HOSTS must be a comma list of host names; "${host}" is not one`);
  }
  return hosts;
}

function vapidKeysFrom(env: NodeJS.ProcessEnv): ServerConfig['vapidKeys'] {
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY?.trim());
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY?.trim());
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  return { publicKey, privateKey };
}

/** Push services want a way to reach the sender: an https: site or a mailto: address. */
export function vapidSubjectFrom(value: string | undefined, publicUrl: string, mailFrom: string) {
  const raw = nonEmpty(value?.trim());
  if (raw !== undefined) {
    if (!/^(mailto:|https:)/.test(raw)) throw new Error('VAPID_SUBJECT must be mailto: or https:');
    return raw;
  }
  if (publicUrl.startsWith('https:')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = intFrom(env.PORT, 8080, 'PORT');
  const publicUrl = publicUrlFrom(env.PUBLIC_URL, port, env.SECURE_COOKIES === 'true');
  const mailFrom = nonEmpty(env.MAIL_FROM) ?? 'StreetMed Supply <no-reply@localhost>';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminUsername: nonEmpty(env.ADMIN_USERNAME),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom,
    clientAuthKey: nonEmpty(env.CLIENT_AUTH_KEY) ?? DEFAULT_CLIENT_AUTH_KEY,
    clientId: nonEmpty(env.CLIENT_ID) ?? DEFAULT_CLIENT_ID,
    siteTitle: nonEmpty(env.SITE_TITLE) ?? DEFAULT_SITE_TITLE,
    publicUrl,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    secureSessionIdleMs: 2 * HOUR,
    secureSessionMaxMs: 24 * HOUR,
    loginSessionIdleMs: 7 * 24 * HOUR,
    loginSessionMaxMs: 30 * 24 * HOUR,
    rateLimitScale: scaleFrom(env.RATE_LIMIT_SCALE),
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    sqliteDurability: sqliteDurabilityFrom(env.SQLITE_DURABILITY),
    retentionDays: intFrom(env.RETENTION_DAYS, 30, 'RETENTION_DAYS'),
    addressRevealHours: intFrom(env.ADDRESS_REVEAL_HOURS, 24, 'ADDRESS_REVEAL_HOURS'),
    idempotencyDays: idempotencyDaysFrom(env.IDEMPOTENCY_DAYS),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: redisPrefixFrom(env.REDIS_PREFIX, nonEmpty(env.DATABASE_URL) ?? dataDir),
    shutdownGraceMs: intFrom(env.SHUTDOWN_GRACE_MS, 5000, 'SHUTDOWN_GRACE_MS'),
    pushHosts: pushHostsFrom(env.PUSH_HOSTS),
    vapidKeys: vapidKeysFrom(env),
    vapidSubject: vapidSubjectFrom(env.VAPID_SUBJECT, publicUrl, mailFrom),
    reminderHours: intFrom(env.REMINDER_HOURS, 24, 'REMINDER_HOURS'),
    timeZone: timeZoneFrom(env.TIME_ZONE),
    notificationWorker: true,
    clock: () => new Date(),
  };
}
