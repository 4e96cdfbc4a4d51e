// The paths of the two forms every role's outbox may send (offline/actions.ts), without zod:
// contracts/feedback.ts and contracts/applications.ts re-export them beside their schemas.
export const FEEDBACK_SUBMIT_PATH = '/api/feedback/submit';
export const VOLUNTEER_APPLY_PATH = '/api/volunteer/apply';
