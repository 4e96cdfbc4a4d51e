// POST /api/volunteer/apply (product-spec.md sections 3 and 7). The shape only: the spec's
// messages for the form's rules live in rules/applications.ts. Admin application calls are
// added here by their own issue.
import { z } from 'zod';
import { successReply } from './replies.ts';

export { VOLUNTEER_APPLY_PATH } from './checks/forms.ts';

export const APPLICATION_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  notes: 2000,
} as const;

export const volunteerApplyRequest = z.object({
  firstName: z.string().max(APPLICATION_LIMITS.name).nullish(),
  lastName: z.string().max(APPLICATION_LIMITS.name).nullish(),
  email: z.string().max(APPLICATION_LIMITS.email).nullish(),
  phone: z.string().max(APPLICATION_LIMITS.phone).nullish(),
  notes: z.string().max(APPLICATION_LIMITS.notes).nullish(),
  /** When the applicant pressed Submit, in unix seconds (spec section 9). */
  submissionTime: z.number().int().nonnegative().nullish(),
});
export type VolunteerApplyRequest = z.infer<typeof volunteerApplyRequest>;

export const volunteerApplyReply = successReply({
  applicationId: z.number(),
});
export type VolunteerApplyReply = z.infer<typeof volunteerApplyReply>;
