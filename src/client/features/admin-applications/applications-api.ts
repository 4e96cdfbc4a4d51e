// Volunteer applications for the admin (product-spec.md section 7): the three lists with the
// admin headers; approve and reject with adminUsername, authenticated and applicationId as text.
import { apiGet, apiPost } from '../../api/api-client.ts';
import {
  ADMIN_APPLICATION_PATHS,
  applicationsReply,
  approveApplicationReply,
  rejectApplicationReply,
  type ApplicationsReply,
} from '#shared/contracts/admin-applications';
import { adminClaims, adminHeaders } from '../../session/admin-identity.ts';
import { approvalNotice, type DecisionNotice } from './approval-notice.ts';

export type ApplicationLists = ApplicationsReply['data'];
export type Decision = 'approve' | 'reject';

export async function loadApplications(): Promise<ApplicationLists> {
  const reply = await apiGet(ADMIN_APPLICATION_PATHS.all, {
    headers: adminHeaders(),
    schema: applicationsReply,
  });
  return reply.data;
}

/** Resolves to what the admin is told: for an approval, which account it reached and how. */
export async function decideApplication(
  decision: Decision,
  applicationId: number,
): Promise<DecisionNotice> {
  const body = { ...adminClaims(), applicationId: String(applicationId) };
  if (decision === 'approve') {
    const reply = await apiPost(ADMIN_APPLICATION_PATHS.approve, body, {
      schema: approveApplicationReply,
    });
    return approvalNotice(reply);
  }
  const reply = await apiPost(ADMIN_APPLICATION_PATHS.reject, body, {
    schema: rejectApplicationReply,
  });
  return { text: reply.message, tone: 'done' };
}
