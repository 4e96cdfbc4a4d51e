// The contracts' message tables in the caller's language (issue 21): email ownership, admin
// users, application review and round sign-up replies and refusals come in Spanish with
// `Accept-Language: es` (the text of src/locales/es/server.json) and in the spec's English,
// byte for byte as before, without it (both-languages.ts).
import { describe, expect, it } from 'vitest';
import { useSignedInUser, useTestServer } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createTestRound,
  createUser,
  uniqueUsername,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { expectBoth } from './both-languages.ts';

describe('contract message tables in the caller’s language', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const db = () => server.app.ctx.opened.db;

  it('email ownership: a missing code, no code waiting, a code sent', async () => {
    const user = await createSignedInUser(db());
    const verify = (code: string) => (headers: Record<string, string>) =>
      call(server.app, 'POST', '/api/auth/email/verify', { as: user, body: { code }, headers });
    await expectBoth(verify(''), 400, 'Verification code is required.', 'server.email.codeMissing');
    // Returned as an envelope (the counted try commits with it), not thrown.
    await expectBoth(
      verify('123456'),
      400,
      'No verification code is waiting for this email. Send one first.',
      'server.email.noCode',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/auth/email/send-code', { as: user, body: {}, headers }),
      200,
      'A verification code has been sent to your email.',
      'server.email.codeSent',
    );
  });

  it('admin users: created, subrole updated, refusals', async () => {
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/admin/user/create', {
          as: admin,
          body: { username: uniqueUsername('made'), role: 'CLIENT' },
          headers,
        }),
      201,
      'User created successfully',
      'server.adminUsers.created',
    );
    const subrole = (userId: number | null) => (headers: Record<string, string>) =>
      call(server.app, 'PUT', '/api/admin/volunteer/subrole', {
        as: admin,
        body: { userId, volunteerSubRole: 'CLINICIAN' },
        headers,
      });
    const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
    await expectBoth(
      subrole(volunteer.id),
      200,
      'Volunteer subrole updated successfully',
      'server.adminUsers.subroleUpdated',
    );
    await expectBoth(subrole(null), 400, 'User ID is missing', 'server.adminUsers.userIdMissing');
    const client = await createUser(db());
    await expectBoth(
      subrole(client.id),
      409,
      'Only volunteers have a subrole.',
      'server.adminUsers.notVolunteer',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'DELETE', '/api/admin/user/delete', {
          as: admin,
          body: { username: admin.username },
          headers,
        }),
      403,
      'You cannot delete your own account.',
      'server.adminUsers.deleteSelf',
    );
  });

  it('application review: rejected, approved, not found', async () => {
    const apply = async () => {
      const applied = await call(server.app, 'POST', '/api/volunteer/apply', {
        body: {
          firstName: 'Ana',
          lastName: 'Ruiz',
          email: `${uniqueUsername('apply')}@example.org`,
          phone: '5551234567',
          notes: '',
        },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      return applied.json<{ applicationId: number }>().applicationId;
    };
    const decide = (path: string) => async (headers: Record<string, string>) =>
      call(server.app, 'POST', path, {
        as: admin,
        body: { applicationId: await apply() },
        headers,
      });
    await expectBoth(
      decide('/api/volunteer/reject'),
      200,
      'Application rejected.',
      'server.applications.rejected',
    );
    await expectBoth(
      decide('/api/volunteer/approve'),
      200,
      'Application approved. A volunteer account was created and the applicant was emailed a code to set a password.',
      'server.applications.approvedCreated',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/volunteer/reject', {
          as: admin,
          body: { applicationId: 999_999 },
          headers,
        }),
      404,
      'Application not found.',
      'server.applications.notFound',
    );
  });

  it('a round sign-up: confirmed, then waitlisted', async () => {
    const signUp = (maxParticipants: number) => async (headers: Record<string, string>) => {
      const roundId = await createTestRound(db(), { maxParticipants });
      const volunteer = await createSignedInUser(db(), { role: 'VOLUNTEER' });
      return call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
        as: volunteer,
        body: {},
        headers,
      });
    };
    await expectBoth(
      signUp(5),
      200,
      'You are signed up for this round.',
      'server.rounds.signupConfirmed',
    );
    await expectBoth(
      signUp(0),
      200,
      'The round is full: you are on the waitlist.',
      'server.rounds.signupWaitlisted',
    );
  });
});
