// Shared by the application tests: an applicant applies (signed out) and the admin approves.
import { expect } from 'vitest';
import type { ApproveApplicationReply } from '#shared/contracts/admin-applications';
import type { TestServer } from '../../support/build-app.ts';
import { call } from '../../support/inject.ts';

export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** POST /api/volunteer/apply, then /api/volunteer/approve with the admin's cookie: both 200. */
export async function applyAndApprove(
  server: TestServer,
  adminCookie: string,
  applicant: Applicant,
): Promise<ApproveApplicationReply> {
  const applied = await call(server.app, 'POST', '/api/volunteer/apply', {
    body: { ...applicant, notes: '' },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const applicationId = applied.json<{ applicationId: number }>().applicationId;
  const approved = await call(server.app, 'POST', '/api/volunteer/approve', {
    body: { applicationId },
    headers: { cookie: adminCookie },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<ApproveApplicationReply>();
}
