// Device health (issue 17 item 5; beyond-spec.md section 7 "Device health"): each signed-in
// device reports the state of its outbox after each drain, and admins see which devices are
// stuck or have gone quiet.
// - POST /api/devices/report (any signed-in user): one report, kept per (deviceId, user),
//   replacing that device's last one. Telemetry, not a person's action: the device never
//   queues it, and a failed report is simply dropped.
// - GET /api/admin/devices (ADMIN): every device's last report, with its user.
import { z } from 'zod';
import { issueText } from '../i18n/issue-messages.ts';
import { message, type Message } from '../i18n/messages.ts';
import { roleSchema } from './auth.ts';
import { successReply } from './replies.ts';

export { DEVICE_PATHS } from './device-paths.ts';

/** The bounds of a report's fields: a count past them is a broken or hostile device. */
export const DEVICE_REPORT_LIMITS = {
  deviceIdMin: 16,
  deviceIdMax: 64,
  count: 100_000,
  appVersion: 40,
} as const;

/** What a field's refusal says (after "field: "), worded in the caller's language. */
export const DEVICE_REPORT_MESSAGES = {
  deviceId: message('server.devices.deviceId', {
    min: String(DEVICE_REPORT_LIMITS.deviceIdMin),
    max: String(DEVICE_REPORT_LIMITS.deviceIdMax),
  }),
  count: message('server.devices.count', { max: String(DEVICE_REPORT_LIMITS.count) }),
  time: message('server.devices.time'),
  appVersion: message('server.devices.appVersion', {
    max: String(DEVICE_REPORT_LIMITS.appVersion),
  }),
} as const satisfies Record<string, Message>;

/** The checks carry the messages' ids (zod keeps strings); zod-refusal.ts words them. */
const SAID = {
  deviceId: issueText(DEVICE_REPORT_MESSAGES.deviceId),
  count: issueText(DEVICE_REPORT_MESSAGES.count),
  time: issueText(DEVICE_REPORT_MESSAGES.time),
  appVersion: issueText(DEVICE_REPORT_MESSAGES.appVersion),
};

const DEVICE_ID = /^[A-Za-z0-9_-]+$/;
/** A date and time with seconds and a zone (what toISOString writes, or an offset). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

const deviceId = z
  .string({ error: SAID.deviceId })
  .min(DEVICE_REPORT_LIMITS.deviceIdMin, SAID.deviceId)
  .max(DEVICE_REPORT_LIMITS.deviceIdMax, SAID.deviceId)
  .regex(DEVICE_ID, SAID.deviceId);

const count = z
  .number({ error: SAID.count })
  .int(SAID.count)
  .min(0, SAID.count)
  .max(DEVICE_REPORT_LIMITS.count, SAID.count);

/** An instant on the device's clock, as ISO 8601 text; null when there is none. */
const deviceTime = z
  .string({ error: SAID.time })
  .regex(ISO_TIME, SAID.time)
  .refine((text) => !Number.isNaN(Date.parse(text)), SAID.time)
  .nullable();

export const deviceReportRequest = z.object({
  /** A random id the device made once and keeps (crypto.randomUUID). */
  deviceId,
  /** Actions waiting to be sent (queued or in flight). */
  pendingCount: count,
  /** When the oldest of them was made; null when none waits. */
  oldestPendingAt: deviceTime,
  /** The last drain that sent everything, or the last list refresh that worked; null: never. */
  lastSyncAt: deviceTime,
  /** Actions the server refused, waiting for the person under "Needs attention". */
  attentionCount: count,
  /** The app's version (package.json, put in at build). */
  appVersion: z
    .string({ error: SAID.appVersion })
    .trim()
    .min(1, SAID.appVersion)
    .max(DEVICE_REPORT_LIMITS.appVersion, SAID.appVersion),
  /**
   * Optional: the device's clock when it sent the report. With it, the server moves the two
   * times above by the difference between the clocks, so a device whose clock is a day off
   * is judged by the server's time (it is neither stuck nor fresh by mistake).
   */
  sentAt: deviceTime.optional(),
});
export type DeviceReportRequest = z.infer<typeof deviceReportRequest>;

export const deviceReportReply = successReply({});
export type DeviceReportReply = z.infer<typeof deviceReportReply>;

/** A device's oldest waiting action older than this makes it stuck. */
export const STUCK_PENDING_MS = 60 * 60 * 1000;
/** A device that has not reported for this long is stale (it went quiet). */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export const deviceHealthView = z.object({
  deviceId: z.string(),
  userId: z.number(),
  username: z.string(),
  role: roleSchema,
  pendingCount: z.number(),
  /** ISO 8601 UTC (on the server's clock); null when nothing waits. */
  oldestPendingAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  attentionCount: z.number(),
  appVersion: z.string(),
  /** When the server received the device's last report (ISO 8601 UTC). */
  reportedAt: z.string(),
  /** attentionCount > 0, or the oldest waiting action is older than 1 hour. */
  stuck: z.boolean(),
  /** No report for 24 hours. */
  stale: z.boolean(),
});
export type DeviceHealthView = z.infer<typeof deviceHealthView>;

/**
 * Every device's last report, in this order: first the devices that are stuck or stale
 * (stuck: attentionCount > 0 or oldestPendingAt more than 1 hour before the server's now;
 * stale: reportedAt more than 24 hours before it), then the rest; within each group by
 * reportedAt, oldest first (so the stale ones lead the first group); ties by username, then
 * deviceId.
 */
export const adminDevicesReply = z.object({
  status: z.literal('success'),
  devices: z.array(deviceHealthView),
});
export type AdminDevicesReply = z.infer<typeof adminDevicesReply>;
