// The complete caller matrix (issue 7 item 1): every kind of caller the API must tell apart,
// each a real login made by the factories (tests/server/callers.ts has the smaller matrix the
// per-area tests use). Accounts are mutable records: a profile route may change a caller's
// username or password, and the matrix keeps sending what the server now expects.
import type { Db } from '#server/db/kysely';
import type { Role } from '#server/db/schema';
import { createSignedInUser, signedInCookie, uniqueUsername } from '../../support/factories.ts';

export const CALLER_KINDS = [
  'signedOut',
  'guest',
  'client',
  'otherClient',
  'volunteerConfirmed',
  'volunteerOffRound',
  'admin',
  'forgedUserId',
  'forgedRole',
  'forgedAdminUsername',
  'forgedAuthStatus',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  role: Role;
  cookie: string;
}

/**
 * Who does what in the matrix. `client` is the victim whose private data others probe for;
 * `forgedUserId` is a CLIENT who names the victim's userId, `forgedRole` a CLIENT who claims
 * userRole / role ADMIN, `forgedAdmin` an ADMIN whose Admin-Username names `otherAdmin`;
 * `bystander` is a VOLUNTEER whose WAITLISTED sign-ups the admin confirms and rejects, and
 * `loginTarget` the account a caller without a login signs in to.
 */
const CAST_ROLES = {
  client: 'CLIENT',
  otherClient: 'CLIENT',
  volunteerConfirmed: 'VOLUNTEER',
  volunteerOffRound: 'VOLUNTEER',
  admin: 'ADMIN',
  forgedUserId: 'CLIENT',
  forgedRole: 'CLIENT',
  forgedAdmin: 'ADMIN',
  otherAdmin: 'ADMIN',
  bystander: 'VOLUNTEER',
  loginTarget: 'CLIENT',
} as const satisfies Record<string, Role>;
export type CastMember = keyof typeof CAST_ROLES;
export type Cast = Record<CastMember, Account>;

export const PASSWORD = 'secret123';

async function account(db: Db, role: Role): Promise<Account> {
  const user = await createSignedInUser(db, { role, username: uniqueUsername(role.toLowerCase()) });
  return { ...user, password: PASSWORD };
}

export async function createCast(db: Db): Promise<Cast> {
  const make = (member: CastMember) => account(db, CAST_ROLES[member]);
  return {
    client: await make('client'),
    otherClient: await make('otherClient'),
    volunteerConfirmed: await make('volunteerConfirmed'),
    volunteerOffRound: await make('volunteerOffRound'),
    admin: await make('admin'),
    forgedUserId: await make('forgedUserId'),
    forgedRole: await make('forgedRole'),
    forgedAdmin: await make('forgedAdmin'),
    otherAdmin: await make('otherAdmin'),
    bystander: await make('bystander'),
    loginTarget: await make('loginTarget'),
  };
}

/** Re-reads usernames and emails: a profile route may have changed them. */
export async function refreshCast(db: Db, cast: Cast): Promise<void> {
  const accounts = Object.values<Account>(cast);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where(
      'id',
      'in',
      accounts.map((a) => a.id),
    )
    .execute();
  for (const row of rows) {
    for (const a of accounts.filter((x) => x.id === row.id)) {
      a.username = row.username;
      a.email = row.email ?? '';
    }
  }
}

/** The account behind a caller kind, or null for the kinds without a login. */
export function accountOf(cast: Cast, kind: CallerKind): Account | null {
  switch (kind) {
    case 'signedOut':
    case 'guest':
    case 'forgedAuthStatus':
      return null;
    case 'forgedAdminUsername':
      return cast.forgedAdmin;
    case 'client':
    case 'otherClient':
    case 'volunteerConfirmed':
    case 'volunteerOffRound':
    case 'admin':
    case 'forgedUserId':
    case 'forgedRole':
      return cast[kind];
  }
}

export interface Identity {
  headers: Record<string, string>;
  /** Identity fields the spec's client sends: in the query on reads, in the body on writes. */
  claims: Record<string, string | number | boolean>;
}

/** A fresh login of the account (for routes that end the caller's own login, e.g. logout). */
export async function freshCookie(db: Db, a: Account): Promise<string> {
  return signedInCookie(db, a.id);
}

/** The headers and claims a caller of that kind sends, as the spec's client would. */
export function identityOf(cast: Cast, kind: CallerKind, cookie?: string): Identity {
  const a = accountOf(cast, kind);
  const headers: Record<string, string> = a === null ? {} : { cookie: cookie ?? a.cookie };
  const own: Identity['claims'] =
    a === null ? {} : { authenticated: true, userId: a.id, userRole: a.role };
  switch (kind) {
    case 'admin':
      return {
        headers: {
          ...headers,
          'admin-username': cast.admin.username,
          'authentication-status': 'true',
        },
        claims: { authenticated: true, adminUsername: cast.admin.username },
      };
    case 'forgedUserId':
      return { headers, claims: { ...own, userId: cast.client.id } };
    case 'forgedRole':
      return {
        headers: { ...headers, 'authentication-status': 'true' },
        claims: { ...own, userRole: 'ADMIN', role: 'ADMIN' },
      };
    case 'forgedAdminUsername':
      return {
        headers: {
          ...headers,
          'admin-username': cast.otherAdmin.username,
          'authentication-status': 'true',
        },
        claims: { authenticated: true },
      };
    case 'forgedAuthStatus':
      return {
        headers: { 'authentication-status': 'true' },
        claims: { authenticated: true, userRole: 'ADMIN' },
      };
    case 'signedOut':
    case 'guest':
    case 'client':
    case 'otherClient':
    case 'volunteerConfirmed':
    case 'volunteerOffRound':
      return { headers, claims: own };
  }
}
