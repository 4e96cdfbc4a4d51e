// An admin's writes on rounds: create, update (fields left out keep their value) and cancel.
// Cancelling — by the cancel call or by setting status CANCELLED — keeps the sign-ups for the
// record and sends the round's open orders back to no round, in the same transaction. Each
// write records its audit entry in its transaction.
import type { CreateRoundInput, UpdateRoundInput } from '#shared/contracts/admin-rounds';
import { badRequest, conflict } from '../errors.ts';
import { detachOpenOrders } from './round-orders.repository.ts';
import type { Db } from '../db/kysely.ts';
import { optionalText, requiredTitle, roundTimes } from './round-input.ts';
import {
  insertRound,
  rolesOfUsers,
  setRoundStatus,
  updateRound,
} from './round-writes.repository.ts';
import type { RoundFields, RoundRow } from './rounds.types.ts';
import { countConfirmed } from './signups.repository.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { changedFields, recordAdminAction } from '../audit/audit.service.ts';
import { lockExistingRound } from './round-locks.ts';
import {
  notifyRoundCancelled,
  notifyRoundChanged,
} from '../notifications/notifications.service.ts';
import { message } from '#shared/i18n/messages';

const STAFF_ROLES = new Set(['VOLUNTEER', 'ADMIN']);

/** Each given id must be an existing VOLUNTEER or ADMIN (null / undefined: nothing to check). */
async function checkStaffIds(
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
    const values = { field, id: String(id) };
    if (role === undefined) throw badRequest(message('server.rounds.noSuchUser', values));
    if (!STAFF_ROLES.has(role)) throw badRequest(message('server.rounds.notVolunteer', values));
  }
}

export async function createRound(ctx: SignedInWrite, input: CreateRoundInput): Promise<number> {
  const title = requiredTitle(input.title);
  const { start, end } = roundTimes(input.startTime, input.endTime);
  await checkStaffIds(ctx.trx, { teamLeadId: input.teamLeadId, clinicianId: input.clinicianId });
  const fields: RoundFields = {
    title,
    description: optionalText(input.description),
    location: optionalText(input.location),
    startTime: start,
    endTime: end,
    maxParticipants: input.maxParticipants,
    teamLeadId: input.teamLeadId ?? null,
    clinicianId: input.clinicianId ?? null,
    status: 'SCHEDULED',
  };
  const roundId = await insertRound(ctx.trx, fields, ctx.now);
  const details = {
    title,
    startTime: start.toISOString(),
    maxParticipants: fields.maxParticipants,
  };
  await recordAdminAction(ctx, 'round.create', { type: 'round', id: roundId }, details);
  return roundId;
}

/** `value` when given (null included), else what the round has. */
function given<T>(value: T | undefined, current: T): T {
  return value === undefined ? current : value;
}

/** The round's fields as they are (to name what an update changed). */
function fieldsOf(round: RoundRow): RoundFields {
  return {
    title: round.title,
    description: round.description,
    location: round.location,
    startTime: new Date(round.start_time),
    endTime: new Date(round.end_time),
    maxParticipants: round.max_participants,
    teamLeadId: round.team_lead_id,
    clinicianId: round.clinician_id,
    status: round.status,
  };
}

function mergedFields(round: RoundRow, input: UpdateRoundInput): RoundFields {
  const { start, end } = roundTimes(
    input.startTime ?? round.start_time,
    input.endTime ?? round.end_time,
  );
  return {
    title: input.title === undefined ? round.title : requiredTitle(input.title),
    description:
      input.description === undefined ? round.description : optionalText(input.description),
    location: input.location === undefined ? round.location : optionalText(input.location),
    startTime: start,
    endTime: end,
    maxParticipants: input.maxParticipants ?? round.max_participants,
    teamLeadId: given(input.teamLeadId, round.team_lead_id),
    clinicianId: given(input.clinicianId, round.clinician_id),
    status: input.status ?? round.status,
  };
}

/** The names of the fields an update changed, with the status's from/to when it moved. */
function updateDetails(round: RoundRow, fields: RoundFields): Record<string, unknown> {
  const changed = changedFields(fieldsOf(round), fields);
  if (!changed.includes('status')) return { fields: changed };
  return { fields: changed, status: { from: round.status, to: fields.status } };
}

/** Returns how many open orders went back to no round (when the update cancelled it). */
export async function updateRoundFields(
  ctx: SignedInWrite,
  roundId: number,
  input: UpdateRoundInput,
): Promise<number> {
  const round = await lockExistingRound(ctx, roundId);
  const fields = mergedFields(round, input);
  // Only ids that change are checked: the edit form sends every field back as it was.
  await checkStaffIds(ctx.trx, {
    teamLeadId: input.teamLeadId === round.team_lead_id ? undefined : input.teamLeadId,
    clinicianId: input.clinicianId === round.clinician_id ? undefined : input.clinicianId,
  });
  if (input.maxParticipants !== undefined) {
    const confirmed = await countConfirmed(ctx.trx, roundId);
    if (input.maxParticipants < confirmed) {
      throw conflict(message('server.rounds.belowConfirmed', { confirmed: String(confirmed) }));
    }
  }
  await updateRound(ctx.trx, roundId, fields, ctx.now);
  const cancels = fields.status === 'CANCELLED' && round.status !== 'CANCELLED';
  const detachedOrders = cancels ? await detachOpenOrders(ctx.trx, roundId, ctx.now) : 0;
  const target = { type: 'round', id: roundId } as const;
  const details = { ...updateDetails(round, fields), detachedOrders };
  await recordAdminAction(ctx, 'round.update', target, details);
  // A cancel made by the update form is a cancel too: whoever looks for round.cancel finds it.
  if (cancels) {
    const cancelled = { from: round.status, detachedOrders, by: 'update' };
    await recordAdminAction(ctx, 'round.cancel', target, cancelled);
    await notifyRoundCancelled(ctx, round);
  } else if (fields.status === 'SCHEDULED' || fields.status === 'IN_PROGRESS') {
    await notifyRoundChanged(ctx, round, {
      id: roundId,
      title: fields.title,
      start_time: fields.startTime.toISOString(),
      end_time: fields.endTime.toISOString(),
      location: fields.location,
    });
  }
  return detachedOrders;
}

/** Returns how many open orders went back to no round. */
export async function cancelRound(ctx: SignedInWrite, roundId: number): Promise<number> {
  const round = await lockExistingRound(ctx, roundId);
  if (round.status === 'CANCELLED') throw conflict(message('server.rounds.alreadyCancelled'));
  if (round.status === 'COMPLETED') throw conflict(message('server.rounds.completedNoCancel'));
  await setRoundStatus(ctx.trx, roundId, 'CANCELLED', ctx.now);
  const detachedOrders = await detachOpenOrders(ctx.trx, roundId, ctx.now);
  const details = { from: round.status, detachedOrders };
  await recordAdminAction(ctx, 'round.cancel', { type: 'round', id: roundId }, details);
  await notifyRoundCancelled(ctx, round);
  return detachedOrders;
}
