// Admin review of volunteer applications (product-spec.md section 7 "Feedback and volunteer
// applications", section 2 "Admin applications"). Applying itself is in applications.ts.
import { z } from 'zod';
import { message, type Message } from '../i18n/messages.ts';
import { optionalWireId } from './ids.ts';
import { successReply } from './replies.ts';

export const ADMIN_APPLICATION_PATHS = {
  all: '/api/volunteer/applications',
  pending: '/api/volunteer/pending',
  approve: '/api/volunteer/approve',
  reject: '/api/volunteer/reject',
} as const;

export const applicationStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);

export const applicationView = z.object({
  applicationId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
  /** ISO 8601 UTC with Z. */
  submissionDate: z.string(),
  status: applicationStatusSchema,
});
export type ApplicationView = z.infer<typeof applicationView>;

/** GET /api/volunteer/applications: pending oldest first; decided ones newest decision first. */
export const applicationsReply = z.object({
  status: z.literal('success'),
  data: z.object({
    pending: z.array(applicationView),
    approved: z.array(applicationView),
    rejected: z.array(applicationView),
  }),
});
export type ApplicationsReply = z.infer<typeof applicationsReply>;

/** GET /api/volunteer/pending */
export const pendingApplicationsReply = z.object({
  status: z.literal('success'),
  data: z.array(applicationView),
});
export type PendingApplicationsReply = z.infer<typeof pendingApplicationsReply>;

/** POST /api/volunteer/approve and /reject: applicationId as a number or digit string. */
export const decideApplicationRequest = z.object({
  applicationId: optionalWireId,
});
export type DecideApplicationRequest = z.infer<typeof decideApplicationRequest>;

/** The account that already had the application's email, as the admin is told of it. */
export const matchedAccountView = z.object({
  username: z.string(),
  /** False: the email was never proven, so the account is not promoted by the approval. */
  emailVerified: z.boolean(),
});
export type MatchedAccountView = z.infer<typeof matchedAccountView>;

/**
 * beyond-spec.md section 1: an approval never promotes an account whose email is unproven.
 * - no match: accountCreated true, matchedAccount null, promoted true (a new VOLUNTEER).
 * - proven match: matchedAccount {emailVerified: true}, promoted true (VOLUNTEER at once).
 * - unproven match: matchedAccount {emailVerified: false}, promoted false; the applicant is
 *   mailed a code and the account becomes VOLUNTEER when it is used on /reset_password.
 */
export const approveApplicationReply = successReply({
  /** The account the application is for (made now, or the one that had the email). */
  userId: z.number(),
  username: z.string(),
  /** True when a new account was made (the applicant was mailed a code to set a password). */
  accountCreated: z.boolean(),
  matchedAccount: matchedAccountView.nullable(),
  /** True when the account is a volunteer now; false = waits for the mailed code. */
  promoted: z.boolean(),
});
export type ApproveApplicationReply = z.infer<typeof approveApplicationReply>;

export const rejectApplicationReply = successReply({});
export type RejectApplicationReply = z.infer<typeof rejectApplicationReply>;

/** What the application review routes say, worded in the caller's language by the server. */
export const ADMIN_APPLICATION_MESSAGES = {
  approvedCreated: message('server.applications.approvedCreated'),
  approvedExisting: message('server.applications.approvedExisting'),
  approvedUnproven: message('server.applications.approvedUnproven'),
  rejected: message('server.applications.rejected'),
  idMissing: message('server.applications.idMissing'),
  notFound: message('server.applications.notFound'),
  alreadyApproved: message('server.applications.alreadyApproved'),
  alreadyRejected: message('server.applications.alreadyRejected'),
  adminEmail: message('server.applications.adminEmail'),
} as const satisfies Record<string, Message>;
