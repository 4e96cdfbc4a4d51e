// device_reports: each device's last report, one row per (device, user).
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type { DeviceReport, DeviceReportOfUser } from './devices.types.ts';

/** Puts the report in place of the device's last one for this user. */
export async function upsertDeviceReport(
  trx: Transaction<Database>,
  report: DeviceReport,
): Promise<void> {
  const fields = {
    pending_count: report.pendingCount,
    oldest_pending_at: report.oldestPendingAt,
    last_sync_at: report.lastSyncAt,
    attention_count: report.attentionCount,
    app_version: report.appVersion,
    reported_at: report.reportedAt,
  };
  await trx
    .insertInto('device_reports')
    .values({ device_id: report.deviceId, user_id: report.userId, ...fields })
    .onConflict((oc) => oc.columns(['device_id', 'user_id']).doUpdateSet(fields))
    .execute();
}

/**
 * Deletes the user's reports beyond the `keep` most recent ones (by reportedAt, then device
 * id); returns how many went.
 */
export async function deleteOlderDevices(
  trx: Transaction<Database>,
  userId: number,
  keep: number,
): Promise<number> {
  const kept = trx
    .selectFrom('device_reports')
    .select('device_id')
    .where('user_id', '=', userId)
    .orderBy('reported_at', 'desc')
    .orderBy('device_id', 'desc')
    .limit(keep);
  const result = await trx
    .deleteFrom('device_reports')
    .where('user_id', '=', userId)
    .where('device_id', 'not in', kept)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every kept report with its account's username and role (unordered). */
export async function listDeviceReports(db: Db): Promise<DeviceReportOfUser[]> {
  return db
    .selectFrom('device_reports as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.device_id as deviceId',
      'd.user_id as userId',
      'u.username',
      'u.role',
      'd.pending_count as pendingCount',
      'd.oldest_pending_at as oldestPendingAt',
      'd.last_sync_at as lastSyncAt',
      'd.attention_count as attentionCount',
      'd.app_version as appVersion',
      'd.reported_at as reportedAt',
    ])
    .execute();
}
