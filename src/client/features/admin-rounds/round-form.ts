// The Create Round and Update Round forms' state and what they send (product-spec.md sections
// 5 and 7 "Admin rounds"): maxParticipants parsed as an integer; team lead and clinician ids
// optional integers; times as ISO with the local offset. Text that does not parse goes as
// typed, so the server's message names the field (the spec has no client rules here).
import type { AdminRound, CreateRoundRequest } from '#shared/contracts/admin-rounds';
import type { RoundStatus } from '#shared/contracts/rounds';
import { isoToLocalInput, localInputToIso } from './local-time.ts';

export interface RoundForm {
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  maxParticipants: string;
  teamLeadId: string;
  clinicianId: string;
  status: RoundStatus;
}

/** A create body; maxParticipants may be text that did not parse (the server's 400 names it). */
export type RoundBody = Omit<CreateRoundRequest, 'maxParticipants'> & {
  maxParticipants: number | string;
};
export type RoundUpdateBody = RoundBody & { status: RoundStatus };

export const EMPTY_ROUND_FORM: RoundForm = {
  title: '',
  description: '',
  location: '',
  startTime: '',
  endTime: '',
  maxParticipants: '',
  teamLeadId: '',
  clinicianId: '',
  status: 'SCHEDULED',
};

/** parseInt, as the spec's form does; what does not parse is sent as typed. */
function integerOf(text: string): number | string {
  const parsed = Number.parseInt(text.trim(), 10);
  return Number.isNaN(parsed) ? text.trim() : parsed;
}

function optionalId(text: string): number | string | null {
  return text.trim() === '' ? null : integerOf(text);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function createRoundBody(form: RoundForm): RoundBody {
  return {
    title: form.title.trim(),
    description: orNull(form.description),
    location: orNull(form.location),
    startTime: localInputToIso(form.startTime),
    endTime: localInputToIso(form.endTime),
    maxParticipants: integerOf(form.maxParticipants),
    teamLeadId: optionalId(form.teamLeadId),
    clinicianId: optionalId(form.clinicianId),
  };
}

export function updateRoundBody(form: RoundForm): RoundUpdateBody {
  return { ...createRoundBody(form), status: form.status };
}

export function formOfRound(round: AdminRound): RoundForm {
  return {
    title: round.title,
    description: round.description ?? '',
    location: round.location ?? '',
    startTime: isoToLocalInput(round.startTime),
    endTime: isoToLocalInput(round.endTime),
    maxParticipants: String(round.maxParticipants),
    teamLeadId: round.teamLeadId === null ? '' : String(round.teamLeadId),
    clinicianId: round.clinicianId === null ? '' : String(round.clinicianId),
    status: round.status,
  };
}
