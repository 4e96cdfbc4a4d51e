// The checks on an admin's round fields that a schema cannot make alone: a non-blank title,
// times that parse (ISO 8601, no offset = UTC) with the end after the start, and team lead /
// clinician ids that name existing volunteers or admins. Each failure is a 400 naming the field.
import { parseRoundTime } from '#shared/rules/round-dates';
import type { Db } from '../db/kysely.ts';
import { badRequest } from '../errors.ts';
import { rolesOfUsers } from './round-writes.repository.ts';

export function requiredTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest('title: is required');
  return trimmed;
}

/** Blank optional text is stored as null. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function timeOf(field: string, text: string): Date {
  const time = parseRoundTime(text);
  if (time === null) {
    throw badRequest(`${field}: must be an ISO 8601 date-time such as 2026-12-01T18:00:00Z`);
  }
  return time;
}

export function roundTimes(startText: string, endText: string): { start: Date; end: Date } {
  const start = timeOf('startTime', startText);
  const end = timeOf('endTime', endText);
  if (end <= start) throw badRequest('endTime: must be after startTime');
  return { start, end };
}

const STAFF_ROLES = new Set(['VOLUNTEER', 'ADMIN']);

/** Each given id must be an existing VOLUNTEER or ADMIN (null / undefined: nothing to check). */
export async function checkStaffIds(
  trx: Db,
  ids: { teamLeadId?: number | null; clinicianId?: number | null },
): Promise<void> {
  const given = Object.entries(ids).filter((e): e is [string, number] => typeof e[1] === 'number');
  const roles = await rolesOfUsers(
    trx,
    given.map(([, id]) => id),
  );
  for (const [field, id] of given) {
    const role = roles.get(id);
    if (role === undefined) throw badRequest(`${field}: there is no user with id ${id}`);
    if (!STAFF_ROLES.has(role)) throw badRequest(`${field}: user ${id} is not a volunteer`);
  }
}
