// Recording a look at personal data (beyond-spec.md section 2 "Audit log"): every reply that
// hands a volunteer or an admin a client's address or phone (or users', feedback senders' or
// volunteer applicants' phones) appends ONE `personal_data.read` entry naming the caller, the route and the
// records whose data the reply holds. The route awaits it before replying: if the entry cannot
// be written the request fails, so no data leaves unrecorded. A reply without personal data,
// and a client reading their own orders, record nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { appendAudit } from './audit.repository.ts';
import type { AuditActor } from './audit.types.ts';

/** What was read: the kind of record and the detail key its ids go under. */
const READ_TARGETS = {
  order: 'orderIds',
  user: 'userIds',
  feedback: 'feedbackIds',
  application: 'applicationIds',
} as const;

export type PersonalDataTarget = keyof typeof READ_TARGETS;

export interface PersonalDataRead {
  actor: AuditActor;
  /** The route as registered, e.g. 'GET /api/orders/all'. */
  route: string;
  target: PersonalDataTarget;
  /** The records whose personal data the reply holds. */
  ids: readonly number[];
}

export async function recordPersonalDataRead(
  db: Kysely<Database>,
  at: Date,
  read: PersonalDataRead,
): Promise<void> {
  if (read.ids.length === 0) return;
  await appendAudit(db, at, [
    {
      actor: read.actor,
      action: 'personal_data.read',
      targetType: read.target,
      targetId: null,
      details: { route: read.route, [READ_TARGETS[read.target]]: [...read.ids] },
    },
  ]);
}
