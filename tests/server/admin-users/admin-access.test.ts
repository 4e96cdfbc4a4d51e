// Who may call the admin user, application, feedback and alert routes: only a signed-in
// ADMIN, and only when any admin username it sends (body, query or Admin-Username header)
// is its own. Also the access plugin's userIdIsTarget opt-out: it lets an admin name a target
// userId, still refuses everyone else, and cannot be put on a non-admin route.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '#server/plugins/access';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createUser,
  type SignedInUser,
  type TestUser,
} from '../../support/factories.ts';
import { call, type Method } from '../../support/inject.ts';

interface Route {
  method: Method;
  url: string;
  body?: object;
  /** What the admin gets when allowed (approve/reject name an application that is not there). */
  adminStatus?: number;
}

describe.each(testDialects())('admin routes: who may call (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  let admin: SignedInUser;
  let otherAdmin: TestUser;
  let client: SignedInUser;
  let volunteer: SignedInUser;
  let routes: Route[];
  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    admin = await createSignedInUser(db, { role: 'ADMIN' });
    otherAdmin = await createUser(db, { role: 'ADMIN' });
    client = await createSignedInUser(db, { role: 'CLIENT' });
    volunteer = await createSignedInUser(db, { role: 'VOLUNTEER' });
    const target = await createUser(db, { role: 'VOLUNTEER' });
    const doomed = await createUser(db);
    routes = [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'DELETE', url: '/api/admin/user/delete', body: { username: doomed.username } },
      {
        method: 'PUT',
        url: `/api/admin/user/reset-password/${target.id}`,
        body: { newPassword: 'Matrix2pass' },
      },
      {
        method: 'POST',
        url: '/api/admin/user/create',
        body: { username: 'Madeup', role: 'CLIENT' },
      },
      {
        method: 'PUT',
        url: `/api/admin/user/update/${target.id}`,
        body: { username: target.username, role: 'VOLUNTEER' },
      },
      {
        method: 'PUT',
        url: '/api/admin/volunteer/subrole',
        body: { userId: String(target.id), volunteerSubRole: 'CLINICIAN' },
      },
      { method: 'GET', url: '/api/volunteer/applications' },
      { method: 'GET', url: '/api/volunteer/pending' },
      {
        method: 'POST',
        url: '/api/volunteer/approve',
        body: { applicationId: '999' },
        adminStatus: 404,
      },
      {
        method: 'POST',
        url: '/api/volunteer/reject',
        body: { applicationId: '999' },
        adminStatus: 404,
      },
      { method: 'GET', url: '/api/feedback/all' },
      { method: 'GET', url: '/api/admin/alerts' },
    ];
  });

  async function countUsers(): Promise<number> {
    const rows = await server.app.ctx.opened.db.selectFrom('users').select('id').execute();
    return rows.length;
  }

  it('refuses signed-out (401), CLIENT and VOLUNTEER callers (403), changing nothing', async () => {
    const before = await countUsers();
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const claims = { authenticated: true, adminUsername: admin.username, ...route.body };
      const out = await call(server.app, route.method, route.url, { body: route.body });
      expect(out.statusCode, `${label} signed out`).toBe(401);
      for (const caller of [client, volunteer]) {
        const res = await call(server.app, route.method, route.url, {
          as: caller,
          body: route.method === 'GET' ? undefined : { ...claims, adminUsername: caller.username },
          headers: { 'admin-username': caller.username, 'authentication-status': 'true' },
        });
        expect(res.statusCode, `${label} as ${caller.role}`).toBe(403);
      }
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses an admin naming another admin in the header or the body (403)', async () => {
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const byHeader = await call(server.app, route.method, route.url, {
        as: admin,
        body: route.body,
        headers: { 'admin-username': otherAdmin.username },
      });
      expect(byHeader.statusCode, `${label} header`).toBe(403);
      const byQuery = await call(
        server.app,
        route.method,
        `${route.url}?adminUsername=${otherAdmin.username}`,
        { as: admin, body: route.body },
      );
      expect(byQuery.statusCode, `${label} query`).toBe(403);
      if (route.body === undefined) continue;
      const byBody = await call(server.app, route.method, route.url, {
        as: admin,
        body: { ...route.body, authenticated: true, adminUsername: otherAdmin.username },
      });
      expect(byBody.statusCode, `${label} body`).toBe(403);
    }
  });

  it('answers the admin who names themself (any letter case)', async () => {
    for (const route of routes) {
      const res = await call(server.app, route.method, route.url, {
        as: admin,
        body: route.body && { ...route.body, authenticated: true, adminUsername: admin.username },
        headers: {
          'admin-username': admin.username.toUpperCase(),
          'authentication-status': 'true',
        },
      });
      const expected = route.adminStatus ?? (route.url.endsWith('/create') ? 201 : 200);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(expected);
    }
  });

  it('userIdIsTarget: a volunteer cannot use the subrole call even naming their own id', async () => {
    const res = await call(server.app, 'PUT', '/api/admin/volunteer/subrole', {
      as: volunteer,
      body: { userId: String(volunteer.id), volunteerSubRole: 'TEAM_LEAD', authenticated: true },
    });
    expect(res.statusCode).toBe(403);
    const row = await server.app.ctx.opened.db
      .selectFrom('users')
      .select('volunteer_subrole')
      .where('id', '=', volunteer.id)
      .executeTakeFirstOrThrow();
    expect(row.volunteer_subrole).toBe('REGULAR');
  });

  it('userIdIsTarget is refused at start on a route that is not ADMIN-only', async () => {
    const bare = Fastify();
    registerAccessControl(bare, server.app.ctx.opened, { loginSessionIdleMs: 60_000 });
    const declare = async () => {
      bare.get(
        '/api/probe',
        { config: { access: ['CLIENT', 'ADMIN'], userIdIsTarget: true } },
        async () => ({}),
      );
      await bare.ready();
    };
    await expect(declare()).rejects.toThrow(/userIdIsTarget needs ADMIN-only access/);
    await bare.close();
  });
});
