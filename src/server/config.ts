// Environment → typed configuration (wire-protocol.md "Operating interface").
// Everything the server reads from the environment is read here, once.
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
  /** Folder of the built PWA; served when it exists. */
  staticDir: string;
  /** Secure sessions: idle and absolute lifetimes in ms. */
  secureSessionIdleMs: number;
  secureSessionMaxMs: number;
  /** Login sessions: idle and absolute lifetimes in ms. */
  loginSessionIdleMs: number;
  loginSessionMaxMs: number;
  /** Rate limits are on in production; tests may raise them. */
  rateLimitScale: number;
  /** Whether cookies get the Secure flag (behind https). */
  secureCookies: boolean;
  /** Log level for pino; 'silent' in tests. */
  logLevel: string;
}

export const DEFAULT_CLIENT_ID = 'streetmed-web';
// The web bundle ships this key, so it is public by construction (wire-protocol.md):
// it identifies the web client, it protects nothing.
export const DEFAULT_CLIENT_AUTH_KEY = 'streetmed-public-client-key';
export const DEFAULT_SITE_TITLE = 'StreetMed Supply';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminUsername: nonEmpty(env.ADMIN_USERNAME),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'StreetMed Supply <no-reply@localhost>',
    clientAuthKey: nonEmpty(env.CLIENT_AUTH_KEY) ?? DEFAULT_CLIENT_AUTH_KEY,
    clientId: nonEmpty(env.CLIENT_ID) ?? DEFAULT_CLIENT_ID,
    siteTitle: nonEmpty(env.SITE_TITLE) ?? DEFAULT_SITE_TITLE,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    secureSessionIdleMs: 2 * HOUR,
    secureSessionMaxMs: 24 * HOUR,
    loginSessionIdleMs: 7 * 24 * HOUR,
    loginSessionMaxMs: 30 * 24 * HOUR,
    rateLimitScale: 1,
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
