// Queued actions the offline tests use: the two public forms (real endpoints), built the way
// the screens build them.
import { randomUUID } from 'node:crypto';
import type { QueuedAction } from '#client/offline/outbox';
import { FEEDBACK_SUBMIT_PATH } from '#shared/contracts/feedback';
import { VOLUNTEER_APPLY_PATH } from '#shared/contracts/applications';

export function feedbackAction(content = `feedback ${randomUUID()}`): QueuedAction {
  return {
    kind: 'feedback.submit',
    label: 'Feedback',
    method: 'POST',
    path: FEEDBACK_SUBMIT_PATH,
    payload: { name: null, phoneNumber: '5550001111', content },
  };
}

export function applicationAction(email = `ada-${randomUUID()}@example.org`): QueuedAction {
  return {
    kind: 'volunteer.apply',
    label: 'Volunteer application',
    method: 'POST',
    path: VOLUNTEER_APPLY_PATH,
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '555 123 4567',
      notes: null,
      submissionTime: Math.floor(Date.now() / 1000),
    },
  };
}
