// What /admin/devices says about a device: its state in words (never colour alone), how long
// its oldest action has waited ("3 days") and how long ago it synced or reported ("2 hours
// ago"), and the people its devices belong to, in the server's order.
import type { DeviceHealthView } from '#shared/contracts/devices';

export const STUCK_TEXT = 'Stuck';
export const STALE_TEXT = 'Stale';
export const OK_TEXT = 'OK';
export const NEVER_TEXT = 'never';

const MINUTE_MS = 60_000;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "under a minute", "5 minutes", "2 hours", "3 days" (a time after `now` is no time). */
export function durationText(sinceIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / MINUTE_MS));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** "just now", "5 minutes ago", …; "never" when there is no time. */
export function agoText(iso: string | null, now: number): string {
  if (iso === null) return NEVER_TEXT;
  const duration = durationText(iso, now);
  return duration === 'under a minute' ? 'just now' : `${duration} ago`;
}

/** The device's state as words: both marks when both hold. */
export function stateWords(device: Pick<DeviceHealthView, 'stuck' | 'stale'>): string[] {
  const words = [device.stuck && STUCK_TEXT, device.stale && STALE_TEXT].filter(
    (word): word is string => word !== false,
  );
  return words.length === 0 ? [OK_TEXT] : words;
}

const ROLE_WORDS: Record<DeviceHealthView['role'], string> = {
  CLIENT: 'Client',
  VOLUNTEER: 'Volunteer',
  ADMIN: 'Admin',
};

/** A person's panel title: "alice (Volunteer)". */
export function personTitle(person: Pick<DeviceHealthView, 'username' | 'role'>): string {
  return `${person.username} (${ROLE_WORDS[person.role]})`;
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
  const marks = [stuck > 0 && `${stuck} stuck`, stale > 0 && `${stale} stale`].filter(Boolean);
  const total = plural(devices.length, 'device');
  return marks.length === 0 ? `${total}, none stuck or stale.` : `${total}: ${marks.join(', ')}.`;
}
