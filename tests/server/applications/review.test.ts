// Admin review of volunteer applications: the lists, approving (an existing account whose email
// is proven becomes a VOLUNTEER and is signed out; otherwise a new account is made and mailed a
// code that sets its password), rejecting (no account changes), and the refusals. An existing
// account whose email is unproven: email-ownership.test.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_APPLICATION_MESSAGES,
  type ApplicationsReply,
  type ApproveApplicationReply,
  type PendingApplicationsReply,
} from '#shared/contracts/admin-applications';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { codeIn, login, waitForMail } from '../auth/auth-helpers.ts';
import { meStatus, messageOf } from '../admin-users/admin-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_APPLICATION_MESSAGES);

describe.each(testDialects())('volunteer application review (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const db = () => server.app.ctx.opened.db;
  const asAdmin = { as: admin, headers: {} as Record<string, string> };
  beforeAll(() => {
    asAdmin.headers = { 'admin-username': admin.username, 'authentication-status': 'true' };
  });

  async function apply(fields: { firstName?: string; lastName?: string; email?: string } = {}) {
    const email = fields.email ?? `${uniqueUsername('app')}@example.org`;
    const res = await call(server.app, 'POST', '/api/volunteer/apply', {
      body: {
        firstName: fields.firstName ?? 'Jane',
        lastName: fields.lastName ?? 'Doe',
        email,
        phone: '555-123-4567',
        notes: 'Weekends',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ applicationId: number }>().applicationId, email };
  }
  const decide = (action: 'approve' | 'reject', applicationId: unknown, headers = {}) =>
    call(server.app, 'POST', `/api/volunteer/${action}`, {
      as: admin,
      body: { adminUsername: admin.username, authenticated: true, applicationId },
      headers,
    });
  const statusOf = async (id: number) =>
    (
      await db()
        .selectFrom('volunteer_applications')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const userByEmail = (email: string) =>
    db().selectFrom('users').selectAll().where('email_key', '=', email.toLowerCase()).execute();

  it('approving an application of an existing CLIENT with a proven email makes them a REGULAR volunteer and signs them out', async () => {
    const client = await createSignedInUser(db(), { emailVerified: true });
    const { id } = await apply({ email: client.email.toUpperCase() });
    const res = await decide('approve', String(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ApproveApplicationReply>()).toEqual({
      status: 'success',
      message: M.approvedExisting,
      userId: client.id,
      username: client.username,
      accountCreated: false,
      matchedAccount: { username: client.username, emailVerified: true },
      promoted: true,
    });
    expect(await statusOf(id)).toBe('APPROVED');
    const [row] = await userByEmail(client.email);
    expect(row).toMatchObject({ id: client.id, role: 'VOLUNTEER', volunteer_subrole: 'REGULAR' });
    expect(await meStatus(server, client.cookie)).toBe(401);
    const mail = await waitForMail(server, client.email);
    expect(mail).toMatch(/^Subject: .*application was approved/m);
    expect(mail).toMatch(/is now a volunteer account/);
    const cookie = await login(server, client.username, client.password!);
    expect(
      (await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } })).json(),
    ).toMatchObject({
      role: 'VOLUNTEER',
    });
  });

  it('approving an applicant without an account creates one and mails a code that sets the password', async () => {
    const taken = await createUser(db(), { username: 'JaneDoe' });
    const { id, email } = await apply({ firstName: 'Jane', lastName: 'Doe' });
    const res = await decide('approve', id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ApproveApplicationReply>();
    expect(body).toMatchObject({
      accountCreated: true,
      message: M.approvedCreated,
      matchedAccount: null,
      promoted: true,
    });
    expect(body.username).toMatch(/^JaneDoe[a-z]+$/);
    expect(body.username).not.toBe(taken.username);
    const [row] = await userByEmail(email);
    expect(row).toMatchObject({
      id: body.userId,
      username: body.username,
      role: 'VOLUNTEER',
      volunteer_subrole: 'REGULAR',
      password_hash: null,
      first_name: 'Jane',
      phone: '555-123-4567',
    });
    const mail = await waitForMail(server, email);
    expect(mail).toContain(body.username);
    const verify = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email, otp: codeIn(mail), newPassword: 'volunteer1' },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const cookie = await login(server, body.username, 'volunteer1');
    expect(await meStatus(server, cookie)).toBe(200);
  });

  it('an already VOLUNTEER account stays signed in; an admin account is refused (409)', async () => {
    const volunteer = await createSignedInUser(db(), {
      role: 'VOLUNTEER',
      volunteerSubRole: 'TEAM_LEAD',
    });
    const first = await apply({ email: volunteer.email });
    expect((await decide('approve', first.id)).statusCode).toBe(200);
    expect(await meStatus(server, volunteer.cookie)).toBe(200);
    expect((await userByEmail(volunteer.email))[0]?.volunteer_subrole).toBe('TEAM_LEAD');

    const other = await createSignedInUser(db(), { role: 'ADMIN' });
    const second = await apply({ email: other.email });
    const refused = await decide('approve', second.id);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(M.adminEmail);
    expect(await statusOf(second.id)).toBe('PENDING');
    expect((await userByEmail(other.email))[0]?.role).toBe('ADMIN');
  });

  it('rejecting changes no account; decided applications cannot be decided again', async () => {
    const client = await createSignedInUser(db());
    const { id } = await apply({ email: client.email });
    const res = await decide('reject', String(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.rejected });
    expect(await statusOf(id)).toBe('REJECTED');
    expect((await userByEmail(client.email))[0]?.role).toBe('CLIENT');
    expect(await meStatus(server, client.cookie)).toBe(200);

    const again = await decide('approve', id);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(M.alreadyRejected);
    const approved = await apply();
    expect((await decide('approve', approved.id)).statusCode).toBe(200);
    const rejectApproved = await decide('reject', approved.id);
    expect(rejectApproved.statusCode).toBe(409);
    expect(messageOf(rejectApproved)).toBe(M.alreadyApproved);
  });

  it('bad or unknown application ids are 400 / 404', async () => {
    for (const action of ['approve', 'reject'] as const) {
      const missing = await decide(action, undefined);
      expect(missing.statusCode).toBe(400);
      expect(messageOf(missing)).toBe(M.idMissing);
      expect((await decide(action, 'abc')).statusCode).toBe(400);
      expect((await decide(action, -3)).statusCode).toBe(400);
      expect((await decide(action, [1])).statusCode).toBe(400);
      expect((await decide(action, '987654')).statusCode).toBe(404);
      expect((await decide(action, '99999999999999')).statusCode).toBe(400);
    }
  });

  it('a replayed approval answers the same and mails once', async () => {
    const { id, email } = await apply({ firstName: 'Replay', lastName: 'Case' });
    const key = { 'idempotency-key': randomUUID() };
    const first = await decide('approve', id, key);
    const again = await decide('approve', id, key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await waitForMail(server, email);
    await new Promise((r) => setTimeout(r, 200));
    const mailDir = path.join(server.config.dataDir, 'mail');
    const mails = fs
      .readdirSync(mailDir)
      .filter((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').includes(email));
    expect(mails).toHaveLength(1);
    expect(await userByEmail(email)).toHaveLength(1);
  });

  it('lists applications by status, and the pending ones alone', async () => {
    const pending = await apply({ firstName: 'Pat', lastName: 'Pending' });
    const all = await call(server.app, 'GET', '/api/volunteer/applications', asAdmin);
    expect(all.statusCode).toBe(200);
    const { data } = all.json<ApplicationsReply>();
    const mine = data.pending.find((a) => a.applicationId === pending.id);
    expect(mine).toEqual({
      applicationId: pending.id,
      firstName: 'Pat',
      lastName: 'Pending',
      email: pending.email,
      phone: '555-123-4567',
      notes: 'Weekends',
      submissionDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      status: 'PENDING',
    });
    expect(data.pending.every((a) => a.status === 'PENDING')).toBe(true);
    expect(data.approved.length).toBeGreaterThan(0);
    expect(data.approved.every((a) => a.status === 'APPROVED')).toBe(true);
    expect(data.rejected.every((a) => a.status === 'REJECTED')).toBe(true);
    const ids = [...data.pending, ...data.approved, ...data.rejected].map((a) => a.applicationId);
    const stored = await db().selectFrom('volunteer_applications').select('id').execute();
    expect(ids.sort()).toEqual(stored.map((r) => r.id).sort());

    const onlyPending = await call(server.app, 'GET', '/api/volunteer/pending', asAdmin);
    expect(onlyPending.json<PendingApplicationsReply>().data).toEqual(data.pending);
  });
});
