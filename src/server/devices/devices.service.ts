// A device's report of its outbox (issue 17 item 5). The device's times are on its own clock;
// when it says what that clock read as it sent (sentAt), they are moved by the difference to
// the server's, so a phone whose clock is a day off is judged by the server's time.
import type { DeviceReportRequest } from '#shared/contracts/devices';
import type { SignedInWrite } from '../db/write-context.ts';
import { deleteOlderDevices, upsertDeviceReport } from './devices.repository.ts';

/**
 * Devices kept per account: a report names any device id it likes, so without a cap one
 * account could fill the table with made-up devices. A person has a phone or two; the ones
 * past this that reported least recently are forgotten.
 */
export const DEVICES_PER_ACCOUNT = 10;

/**
 * A device's time on the server's clock. Kept between 1970 and the server's now: nothing the
 * device did happened later than now, and every time stays a plain ISO text that sorts.
 */
function onServerClock(deviceTime: string | null, skewMs: number, now: Date): string | null {
  if (deviceTime === null) return null;
  const time = Math.min(Math.max(Date.parse(deviceTime) + skewMs, 0), now.getTime());
  return new Date(time).toISOString();
}

/** Keeps the report as the device's last one for the signed-in user. */
export async function recordDeviceReport(
  write: SignedInWrite,
  input: DeviceReportRequest,
): Promise<void> {
  const { now } = write;
  const sentAt = input.sentAt ?? null;
  const skewMs = sentAt === null ? 0 : now.getTime() - Date.parse(sentAt);
  await upsertDeviceReport(write.trx, {
    deviceId: input.deviceId,
    userId: write.actor.userId,
    pendingCount: input.pendingCount,
    oldestPendingAt: onServerClock(input.oldestPendingAt, skewMs, now),
    lastSyncAt: onServerClock(input.lastSyncAt, skewMs, now),
    attentionCount: input.attentionCount,
    appVersion: input.appVersion,
    reportedAt: now.toISOString(),
  });
  await deleteOlderDevices(write.trx, write.actor.userId, DEVICES_PER_ACCOUNT);
}
