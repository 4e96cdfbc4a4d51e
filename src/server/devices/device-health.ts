// Which devices need an admin's eye (the rule the contract's adminDevicesReply states): stuck
// (a refused action waits for the person, or an action has waited more than an hour) or stale
// (no report for a day) come first, then the rest; each group oldest report first.
import { STALE_AFTER_MS, STUCK_PENDING_MS, type DeviceHealthView } from '#shared/contracts/devices';
import type { DeviceReportOfUser } from './devices.types.ts';

const olderThan = (iso: string | null, limitMs: number, now: Date) =>
  iso !== null && now.getTime() - Date.parse(iso) > limitMs;

export function deviceHealthOf(report: DeviceReportOfUser, now: Date): DeviceHealthView {
  const stuck =
    report.attentionCount > 0 || olderThan(report.oldestPendingAt, STUCK_PENDING_MS, now);
  const stale = olderThan(report.reportedAt, STALE_AFTER_MS, now);
  return { ...report, stuck, stale };
}

function byAttentionThenAge(a: DeviceHealthView, b: DeviceHealthView): number {
  const flagged = (d: DeviceHealthView) => (d.stuck || d.stale ? 0 : 1);
  return (
    flagged(a) - flagged(b) ||
    a.reportedAt.localeCompare(b.reportedAt) ||
    a.username.localeCompare(b.username) ||
    a.deviceId.localeCompare(b.deviceId)
  );
}

/** The admin's list: each report judged at `now`, in the order above. */
export function devicesForAdmins(reports: DeviceReportOfUser[], now: Date): DeviceHealthView[] {
  return reports.map((report) => deviceHealthOf(report, now)).sort(byAttentionThenAge);
}
