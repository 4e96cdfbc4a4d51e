// PUT /api/admin/volunteer/subrole: userId names the volunteer (not the caller); only
// volunteers have a subrole.
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '#shared/contracts/admin-users';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { messageOf } from './admin-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_USER_MESSAGES);

describe.each(testDialects())('PUT /api/admin/volunteer/subrole (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const setSubrole = (body: object) =>
    call(server.app, 'PUT', '/api/admin/volunteer/subrole', {
      as: admin,
      body: { adminUsername: admin.username, authenticated: true, ...body },
    });
  const subroleOf = (id: number) =>
    server.app.ctx.opened.db
      .selectFrom('users')
      .select(['volunteer_subrole', 'subrole_notes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('sets a volunteer’s subrole and notes (userId as text or number)', async () => {
    const volunteer = await createUser(server.app.ctx.opened.db, { role: 'VOLUNTEER' });
    const res = await setSubrole({
      userId: String(volunteer.id),
      volunteerSubRole: 'CLINICIAN',
      notes: ' Nurse ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.subroleUpdated });
    expect(await subroleOf(volunteer.id)).toEqual({
      volunteer_subrole: 'CLINICIAN',
      subrole_notes: 'Nurse',
    });
    const again = await setSubrole({ userId: volunteer.id, volunteerSubRole: 'TEAM_LEAD' });
    expect(again.statusCode).toBe(200);
    expect(await subroleOf(volunteer.id)).toEqual({
      volunteer_subrole: 'TEAM_LEAD',
      subrole_notes: null,
    });
  });

  it('refuses a user who is not a volunteer (409)', async () => {
    const client = await createUser(server.app.ctx.opened.db);
    const res = await setSubrole({ userId: String(client.id), volunteerSubRole: 'REGULAR' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(M.notVolunteer);
    expect((await subroleOf(client.id)).volunteer_subrole).toBeNull();
  });

  it('bad input is a 400 with a clear message; an unknown user a 404', async () => {
    const volunteer = await createUser(server.app.ctx.opened.db, { role: 'VOLUNTEER' });
    const id = String(volunteer.id);
    const missing = await setSubrole({ volunteerSubRole: 'REGULAR' });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(M.userIdMissing);
    const badRole = await setSubrole({ userId: id, volunteerSubRole: 'CAPTAIN' });
    expect(badRole.statusCode).toBe(400);
    expect(messageOf(badRole)).toBe(M.subrole);
    expect((await setSubrole({ userId: id })).statusCode).toBe(400);
    expect((await setSubrole({ userId: 'seven', volunteerSubRole: 'REGULAR' })).statusCode).toBe(
      400,
    );
    expect((await setSubrole({ userId: { id }, volunteerSubRole: 'REGULAR' })).statusCode).toBe(
      400,
    );
    const longNotes = { userId: id, volunteerSubRole: 'REGULAR', notes: 'n'.repeat(2001) };
    expect((await setSubrole(longNotes)).statusCode).toBe(400);
    const unknown = await setSubrole({ userId: '999999', volunteerSubRole: 'REGULAR' });
    expect(unknown.statusCode).toBe(404);
    const huge = await setSubrole({ userId: '99999999999999', volunteerSubRole: 'REGULAR' });
    expect(huge.statusCode).toBe(400);
    expect((await subroleOf(volunteer.id)).volunteer_subrole).toBe('REGULAR');
  });
});
