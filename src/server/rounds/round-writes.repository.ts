// The rounds table's writes (admin create, update and status change), and the user lookup
// that checks a round's team lead and clinician.
import type { Db } from '../db/kysely.ts';
import type { RoundStatus } from '../db/schema.ts';
import type { RoundFields } from './rounds.types.ts';

function columnsOf(fields: RoundFields) {
  return {
    title: fields.title,
    description: fields.description,
    location: fields.location,
    start_time: fields.startTime.toISOString(),
    end_time: fields.endTime.toISOString(),
    max_participants: fields.maxParticipants,
    status: fields.status,
    team_lead_id: fields.teamLeadId,
    clinician_id: fields.clinicianId,
  };
}

export async function insertRound(trx: Db, fields: RoundFields, now: Date): Promise<number> {
  const at = now.toISOString();
  const row = await trx
    .insertInto('rounds')
    .values({ ...columnsOf(fields), created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRound(
  trx: Db,
  roundId: number,
  fields: RoundFields,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('rounds')
    .set({ ...columnsOf(fields), updated_at: now.toISOString() })
    .where('id', '=', roundId)
    .execute();
}

/** The roles of the users with these ids (ids with no user are missing from the map). */
export async function rolesOfUsers(trx: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.role]));
}

export async function setRoundStatus(
  trx: Db,
  roundId: number,
  status: RoundStatus,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('rounds')
    .set({ status, updated_at: now.toISOString() })
    .where('id', '=', roundId)
    .execute();
}
