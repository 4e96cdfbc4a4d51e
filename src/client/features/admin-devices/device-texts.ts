// What /admin/devices says about a device: its state in words (never colour alone), how long
// its oldest action has waited ("3 days") and how long ago it synced or reported ("2 hours
// ago"), and the people its devices belong to, in the server's order.
import type { DeviceHealthView } from '#shared/contracts/devices';
import type { MessageId } from '#shared/i18n/messages';
import { t } from '../../i18n/i18n.ts';

const MINUTE_MS = 60_000;

/** How long since a time, in whole minutes (a time after `now` is no time). */
function minutesSince(sinceIso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(sinceIso)) / MINUTE_MS));
}

/** "under a minute", "5 minutes", "2 hours", "3 days" (a time after `now` is no time). */
export function durationText(sinceIso: string, now: number): string {
  const minutes = minutesSince(sinceIso, now);
  if (minutes < 1) return t('admin.devices.underAMinute');
  if (minutes < 60) return t('admin.devices.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('admin.devices.hours', { count: hours });
  return t('admin.devices.days', { count: Math.floor(hours / 24) });
}

/** "just now", "5 minutes ago", …; "never" when there is no time. */
export function agoText(iso: string | null, now: number): string {
  if (iso === null) return t('admin.devices.never');
  if (minutesSince(iso, now) < 1) return t('admin.devices.justNow');
  return t('admin.devices.ago', { duration: durationText(iso, now) });
}

export type DeviceState = 'stuck' | 'stale' | 'ok';

const STATE_WORDS = {
  stuck: 'admin.devices.state.stuck',
  stale: 'admin.devices.state.stale',
  ok: 'admin.devices.state.ok',
} as const satisfies Record<DeviceState, MessageId>;

/** The device's states: both marks when both hold, else 'ok'. */
export function deviceStates(device: Pick<DeviceHealthView, 'stuck' | 'stale'>): DeviceState[] {
  const states: DeviceState[] = [];
  if (device.stuck) states.push('stuck');
  if (device.stale) states.push('stale');
  return states.length === 0 ? ['ok'] : states;
}

export function stateWord(state: DeviceState): string {
  return t(STATE_WORDS[state]);
}

/** The device's state as words: both marks when both hold. */
export function stateWords(device: Pick<DeviceHealthView, 'stuck' | 'stale'>): string[] {
  return deviceStates(device).map(stateWord);
}

const ROLE_WORDS = {
  CLIENT: 'admin.devices.role.client',
  VOLUNTEER: 'admin.devices.role.volunteer',
  ADMIN: 'admin.devices.role.admin',
} as const satisfies Record<DeviceHealthView['role'], MessageId>;

/** A person's panel title: "alice (Volunteer)". */
export function personTitle(person: Pick<DeviceHealthView, 'username' | 'role'>): string {
  return t('admin.devices.personTitle', {
    username: person.username,
    role: t(ROLE_WORDS[person.role]),
  });
}

/** A short name for a device: the start of its random id. */
export function deviceLabel(deviceId: string): string {
  return deviceId.slice(0, 8);
}

export interface PersonDevices {
  userId: number;
  username: string;
  role: DeviceHealthView['role'];
  devices: DeviceHealthView[];
}

/** One entry per person, in the order their first device comes; devices keep their order. */
export function devicesByPerson(devices: readonly DeviceHealthView[]): PersonDevices[] {
  const people = new Map<number, PersonDevices>();
  for (const device of devices) {
    const { userId, username, role } = device;
    const person = people.get(userId) ?? { userId, username, role, devices: [] };
    person.devices.push(device);
    people.set(userId, person);
  }
  return [...people.values()];
}

/** "3 devices: 1 stuck, 1 stale" (only the counts above 0 after the colon). */
export function summaryText(devices: readonly DeviceHealthView[]): string {
  const stuck = devices.filter((d) => d.stuck).length;
  const stale = devices.filter((d) => d.stale).length;
  const marks: string[] = [];
  if (stuck > 0) marks.push(t('admin.devices.stuckCount', { count: stuck }));
  if (stale > 0) marks.push(t('admin.devices.staleCount', { count: stale }));
  const total = t('admin.devices.count', { count: devices.length });
  return marks.length === 0
    ? t('admin.devices.summaryNone', { devices: total })
    : t('admin.devices.summary', { devices: total, marks: marks.join(', ') });
}
