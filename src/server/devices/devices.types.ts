// The shapes the devices area shares between its layers.
import type { Role } from '../db/schema.ts';

/** A report as kept: its times on the server's clock. */
export interface DeviceReport {
  deviceId: string;
  userId: number;
  pendingCount: number;
  oldestPendingAt: string | null;
  lastSyncAt: string | null;
  attentionCount: number;
  appVersion: string;
  reportedAt: string;
}

/** A kept report with the account it belongs to, as the admin's list reads it. */
export interface DeviceReportOfUser extends DeviceReport {
  username: string;
  role: Role;
}
