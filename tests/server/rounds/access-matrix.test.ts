// Who may call each rounds route: signed out (401), a CLIENT, a VOLUNTEER on admin routes and
// an ADMIN on volunteer routes (403, whatever role they claim), a volunteer outside the round,
// a WAITLISTED and a CONFIRMED one, and forged userId / adminUsername / Admin-Username claims
// (403). A refused call changes nothing. Each call gets a fresh round: R (capacity 2) with one
// WAITLISTED and one CONFIRMED sign-up.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignup, createTestRound, type SignedInUser } from '../../support/factories.ts';
import { call, type Method } from '../../support/inject.ts';
import { person } from './rounds-helpers.ts';

type Claims = Record<string, string | number | boolean>;
type Kind = 'signedOut' | 'client' | 'outsider' | 'waitlisted' | 'confirmed' | 'admin';
const KINDS: Kind[] = ['signedOut', 'client', 'outsider', 'waitlisted', 'confirmed', 'admin'];
const VOLUNTEERS: Kind[] = ['outsider', 'waitlisted', 'confirmed'];

interface Fresh {
  roundId: number;
  waitlistedSignupId: number;
}
interface Route {
  method: Method;
  area: 'volunteer' | 'admin';
  path: (f: Fresh) => string;
  body?: object;
  /** The status for an admitted caller (default 200). */
  admitted?: Partial<Record<Kind, number>>;
}

const ROUND_FIELDS = {
  title: 'Matrix round',
  startTime: '2031-01-01T10:00Z',
  endTime: '2031-01-01T12:00Z',
  maxParticipants: 3,
};

const ROUTES: Route[] = [
  { method: 'GET', area: 'volunteer', path: () => '/api/rounds/my-rounds' },
  { method: 'GET', area: 'volunteer', path: () => '/api/rounds/all' },
  { method: 'GET', area: 'volunteer', path: (f) => `/api/rounds/${f.roundId}` },
  { method: 'GET', area: 'volunteer', path: (f) => `/api/rounds/${f.roundId}/orders` },
  {
    method: 'POST',
    area: 'volunteer',
    path: (f) => `/api/rounds/${f.roundId}/signup`,
    body: { requestedRole: 'VOLUNTEER' },
    admitted: { waitlisted: 409, confirmed: 409 },
  },
  {
    method: 'DELETE',
    area: 'volunteer',
    path: (f) => `/api/rounds/signup/${f.waitlistedSignupId}`,
    admitted: { outsider: 404, confirmed: 404 },
  },
  { method: 'GET', area: 'admin', path: () => '/api/admin/rounds/all' },
  { method: 'GET', area: 'admin', path: () => '/api/admin/rounds/upcoming' },
  { method: 'GET', area: 'admin', path: (f) => `/api/admin/rounds/${f.roundId}` },
  { method: 'POST', area: 'admin', path: () => '/api/admin/rounds/create', body: ROUND_FIELDS },
  {
    method: 'PUT',
    area: 'admin',
    path: (f) => `/api/admin/rounds/${f.roundId}`,
    body: { ...ROUND_FIELDS, status: 'IN_PROGRESS' },
  },
  { method: 'PUT', area: 'admin', path: (f) => `/api/admin/rounds/${f.roundId}/cancel` },
  { method: 'POST', area: 'admin', path: (f) => `/api/admin/rounds/${f.roundId}/lottery` },
  {
    method: 'PUT',
    area: 'admin',
    path: (f) => `/api/admin/rounds/signup/${f.waitlistedSignupId}/confirm`,
  },
  {
    method: 'DELETE',
    area: 'admin',
    path: (f) => `/api/admin/rounds/signup/${f.waitlistedSignupId}`,
  },
];

function admittedStatus(route: Route, kind: Kind): number {
  if (kind === 'signedOut') return 401;
  const admitted = route.area === 'admin' ? kind === 'admin' : VOLUNTEERS.includes(kind);
  return admitted ? (route.admitted?.[kind] ?? 200) : 403;
}

describe.each(testDialects())('rounds routes: who may call (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const people = {} as Record<Exclude<Kind, 'signedOut'>, SignedInUser> & {
    otherAdmin: SignedInUser;
  };
  const db = () => server.app.ctx.opened.db;

  beforeAll(async () => {
    people.client = await person(db(), 'CLIENT');
    people.outsider = await person(db(), 'VOLUNTEER');
    people.waitlisted = await person(db(), 'VOLUNTEER');
    people.confirmed = await person(db(), 'VOLUNTEER');
    people.admin = await person(db(), 'ADMIN');
    people.otherAdmin = await person(db(), 'ADMIN');
  });

  async function fresh(): Promise<Fresh> {
    const roundId = await createTestRound(db(), { maxParticipants: 2 });
    const waitlistedSignupId = await createSignup(
      db(),
      roundId,
      people.waitlisted.id,
      'WAITLISTED',
    );
    await createSignup(db(), roundId, people.confirmed.id, 'CONFIRMED');
    return { roundId, waitlistedSignupId };
  }

  /** Everything a refused call must leave as it was. */
  async function snapshot(roundId: number) {
    const round = await db().selectFrom('rounds').selectAll().where('id', '=', roundId).execute();
    const signups = await db()
      .selectFrom('round_signups')
      .selectAll()
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();
    const rounds = await db().selectFrom('rounds').select('id').execute();
    return JSON.stringify({ round, signups, count: rounds.length });
  }

  /** The spec's claims: each caller names itself, and claims the role the route wants. */
  function claims(route: Route, who: SignedInUser | undefined): Claims {
    if (who === undefined) return { authenticated: true };
    return route.area === 'admin'
      ? { authenticated: true, adminUsername: who.username, userRole: 'ADMIN' }
      : { authenticated: true, userId: String(who.id), userRole: 'VOLUNTEER' };
  }

  async function send(
    route: Route,
    f: Fresh,
    who: SignedInUser | undefined,
    claimed: Claims,
    headers: Record<string, string> = {},
  ) {
    const url = route.path(f);
    if (route.method === 'GET') {
      const query = new URLSearchParams(
        Object.entries(claimed).map(([k, v]) => [k, String(v)]),
      ).toString();
      return call(server.app, 'GET', `${url}?${query}`, { as: who, headers });
    }
    const body = { ...route.body, ...claimed };
    return call(server.app, route.method, url, { as: who, body, headers });
  }

  for (const route of ROUTES) {
    const label = `${route.method} ${route.path({ roundId: 1, waitlistedSignupId: 2 })}`;

    it(`${label}: each kind of caller`, async () => {
      for (const kind of KINDS) {
        const f = await fresh();
        const who = kind === 'signedOut' ? undefined : people[kind];
        const before = await snapshot(f.roundId);
        const res = await send(route, f, who, claims(route, who));
        const expected = admittedStatus(route, kind);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(expected);
        if (expected >= 400) {
          expect(res.json()).toMatchObject({ status: 'error' });
          expect(await snapshot(f.roundId), kind).toBe(before);
        } else {
          expect(res.json()).toMatchObject({ status: 'success' });
        }
      }
    });

    it(`${label}: forged identity claims are a 403 and change nothing`, async () => {
      const forgeries: [SignedInUser, Claims, Record<string, string>][] =
        route.area === 'admin'
          ? [
              [
                people.admin,
                { authenticated: true, adminUsername: people.otherAdmin.username },
                {},
              ],
              [
                people.admin,
                { authenticated: true },
                { 'admin-username': people.otherAdmin.username },
              ],
              [people.admin, { userId: String(people.otherAdmin.id) }, {}],
            ]
          : [
              [people.confirmed, { authenticated: true, userId: String(people.outsider.id) }, {}],
              [people.waitlisted, { userId: people.confirmed.id, userRole: 'VOLUNTEER' }, {}],
            ];
      for (const [who, claimed, headers] of forgeries) {
        const f = await fresh();
        const before = await snapshot(f.roundId);
        const res = await send(route, f, who, claimed, headers);
        expect(res.statusCode, JSON.stringify(claimed)).toBe(403);
        expect(await snapshot(f.roundId)).toBe(before);
      }
    });
  }
});
