// One database lookup per request (issue 18): the login session and its user (the cookie),
// the secure session (X-Session-ID) and whether the request's Idempotency-Key is already
// stored, read by one joined statement where three statements (three round trips on
// PostgreSQL) read them before. Nothing is cached: every request reads the rows as they are,
// so a logout, a role change or an ended secure session takes effect on the next request.
// The access plugin runs it in its onRequest; the secure channel and the order rate limits
// read what it found (lookupOf). The statement's text is fixed per dialect and route kind, so
// it is sent as is (no query builder on the hot path) and PostgreSQL prepares it once per
// connection (db/kysely.ts named statements).
import { CompiledQuery } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { SESSION_ID_HEADER } from '#shared/secure-channel/index';
import type { Db, DialectName } from '../db/kysely.ts';
import type { Role, VolunteerSubRole } from '../db/schema.ts';
import type { LoginSessionRow } from '../auth/login-sessions.repository.ts';
import type { ActiveSecureSession } from '../security/secure-sessions.repository.ts';

/** What the one lookup found; undefined parts were not asked for or not there. */
export interface RequestLookup {
  login: LoginSessionRow | undefined;
  /** A completed secure session, whatever its expiry (secure-request.ts judges it). */
  secure: ActiveSecureSession | undefined;
  /** The scope the Idempotency-Key was looked for in (undefined: not looked for). */
  keyScope: string | undefined;
  /** The key row's status (0: its write has not committed), when it is stored. */
  storedKeyStatus: number | undefined;
}

/** What the lookup asks for: each part null when the request does not carry it. */
export interface LookupAsk {
  loginSessionId: string | null;
  secureSessionId: string | null;
  idempotencyKey: string | null;
  /** A public route's keys are all 'anon' (idempotency-key.ts idempotencyScopeOf). */
  publicRoute: boolean;
}

interface LookupRow {
  login_id: string | null;
  login_last_seen_at: string | null;
  login_expires_at: string | null;
  user_id: number | null;
  username: string | null;
  role: Role | null;
  email: string | null;
  email_verified: number | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  volunteer_subrole: VolunteerSubRole | null;
  language: string | null;
  secure_id: string | null;
  aes_key: string | null;
  bound_login_id: string | null;
  secure_last_used_at: string | null;
  secure_expires_at: string | null;
  message_count: number | null;
  key_status: number | null;
}

// The key's scope as idempotencyScopeOf words it: 'anon' on a public route, else the
// signed-in user's ('user:<id>'; no login row, no key row: such a caller is refused anyway).
const ANON_KEY_SCOPE = `'anon'`;
const USER_KEY_SCOPE = `'user:' || u.id`;

function lookupText(keyScope: string): string {
  return `select s.id as login_id, s.last_seen_at as login_last_seen_at,
      s.expires_at as login_expires_at, u.id as user_id, u.username, u.role, u.email,
      u.email_verified, u.phone, u.first_name, u.last_name, u.volunteer_subrole, u.language,
      ss.id as secure_id, ss.aes_key, ss.login_session_id as bound_login_id,
      ss.last_used_at as secure_last_used_at, ss.expires_at as secure_expires_at,
      ss.message_count, k.status_code as key_status
    from (select 1 as one) as request
    left join login_sessions s on s.id = ?
    left join users u on u.id = s.user_id
    left join secure_sessions ss on ss.id = ?
    left join idempotency_keys k on k.key = ? and k.scope = ${keyScope}`;
}

/** `?` placeholders as PostgreSQL's $1, $2, … */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${String(++n)}`);
}

function textsFor(dialect: DialectName): { anon: string; user: string } {
  const write = dialect === 'postgres' ? numbered : (t: string) => t;
  return { anon: write(lookupText(ANON_KEY_SCOPE)), user: write(lookupText(USER_KEY_SCOPE)) };
}

const TEXTS = { sqlite: textsFor('sqlite'), postgres: textsFor('postgres') };

function loginOf(row: LookupRow): LoginSessionRow | undefined {
  if (row.login_id === null || row.user_id === null) return undefined;
  return {
    sessionId: row.login_id,
    lastSeenAt: row.login_last_seen_at ?? '',
    expiresAt: row.login_expires_at ?? '',
    user: {
      userId: row.user_id,
      username: row.username ?? '',
      role: row.role ?? 'CLIENT',
      email: row.email,
      emailVerified: row.email !== null && row.email_verified === 1,
      phone: row.phone,
      firstName: row.first_name,
      lastName: row.last_name,
      volunteerSubRole: row.volunteer_subrole,
      language: row.language,
    },
  };
}

function secureOf(row: LookupRow): ActiveSecureSession | undefined {
  // A pending handshake (no key yet) is no session to send through.
  if (row.secure_id === null || row.aes_key === null) return undefined;
  return {
    id: row.secure_id,
    aesKey: row.aes_key,
    loginSessionId: row.bound_login_id,
    lastUsedAt: row.secure_last_used_at ?? '',
    expiresAt: row.secure_expires_at ?? '',
    messageCount: row.message_count ?? 0,
  };
}

/** The one statement; each part of the answer is undefined when not found. */
export async function lookUp(db: Db, dialect: DialectName, ask: LookupAsk): Promise<RequestLookup> {
  const texts = TEXTS[dialect];
  const query = CompiledQuery.raw(ask.publicRoute ? texts.anon : texts.user, [
    ask.loginSessionId,
    ask.secureSessionId,
    ask.idempotencyKey,
  ]);
  const row = (await db.executeQuery<LookupRow>(query)).rows[0];
  const keyScope =
    ask.idempotencyKey === null
      ? undefined
      : ask.publicRoute
        ? 'anon'
        : row?.user_id == null
          ? undefined
          : `user:${String(row.user_id)}`;
  if (row === undefined) {
    return { login: undefined, secure: undefined, keyScope, storedKeyStatus: undefined };
  }
  return {
    login: loginOf(row),
    secure: secureOf(row),
    keyScope,
    storedKeyStatus: row.key_status ?? undefined,
  };
}

const lookups = new WeakMap<FastifyRequest, RequestLookup>();

/** What this request's lookup found (undefined when the request asked for nothing). */
export function lookupOf(request: FastifyRequest): RequestLookup | undefined {
  return lookups.get(request);
}

export function keepLookup(request: FastifyRequest, found: RequestLookup): void {
  lookups.set(request, found);
}

const HANDSHAKE_PREFIX = '/api/security/';
const SESSION_HEADER = SESSION_ID_HEADER.toLowerCase();

/** The X-Session-ID an /api request (not a handshake) carries, if any. */
export function secureSessionIdOf(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith('/api/') || request.url.startsWith(HANDSHAKE_PREFIX))
    return undefined;
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
