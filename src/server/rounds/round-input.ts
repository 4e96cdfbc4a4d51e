// The checks on an admin's round fields that a schema cannot make alone: a non-blank title,
// times that parse (ISO 8601, no offset = UTC) with the end after the start. Each failure is a
// 400 naming the field. Pure: the team lead / clinician ids, which need the users table, are
// checked by admin-rounds.service.ts.
import { parseRoundTime } from '#shared/rules/round-dates';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';

export function requiredTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw badRequest(message('server.rounds.titleRequired'));
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
    throw badRequest(message('server.rounds.badTime', { field }));
  }
  return time;
}

export function roundTimes(startText: string, endText: string): { start: Date; end: Date } {
  const start = timeOf('startTime', startText);
  const end = timeOf('endTime', endText);
  if (end <= start) throw badRequest(message('server.rounds.endBeforeStart'));
  return { start, end };
}
