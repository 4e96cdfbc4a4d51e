// Device health (issue 17 item 5; contracts/devices.ts):
// - POST /api/devices/report (any signed-in user): the device's outbox state, kept as that
//   device's last report for the caller. Limited per account, counted after access control
//   (preValidation), so refused callers count for nothing and a device cannot flood.
// - GET /api/admin/devices (ADMIN): every device's last report, stuck and stale ones first.
// No Idempotency-Key: a report replaces the last one, so sending it twice changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDevicesReply,
  DEVICE_PATHS,
  deviceReportReply,
  deviceReportRequest,
  type AdminDevicesReply,
  type DeviceReportReply,
} from '#shared/contracts/devices';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import { devicesForAdmins } from './device-health.ts';
import { listDeviceReports } from './devices.repository.ts';
import { recordDeviceReport } from './devices.service.ts';

/** Reports per account and minute (times config.rateLimitScale); a device sends at most one. */
export const DEVICE_REPORT_RATE_LIMIT = 60;

export async function deviceRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const rateLimit = {
    max: DEVICE_REPORT_RATE_LIMIT * config.rateLimitScale,
    timeWindow: '1 minute',
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => `device-report:${request.user?.userId ?? 0}`,
  };

  app.post(
    DEVICE_PATHS.report,
    {
      config: { access: 'signedIn', rateLimit },
      schema: { body: deviceReportRequest, response: { 200: deviceReportReply } },
    },
    async (request): Promise<DeviceReportReply> => {
      await opened.db.transaction().execute((trx) =>
        // The server's clock, which tests move (reportedAt decides who is stale).
        recordDeviceReport({ ...signedInWriteOf(request, trx), now: config.clock() }, request.body),
      );
      return { status: 'success', message: sayTo(request, 'server.devices.reportReceived') };
    },
  );

  app.get(
    DEVICE_PATHS.adminList,
    { config: { access: ADMIN_ONLY }, schema: { response: { 200: adminDevicesReply } } },
    async (): Promise<AdminDevicesReply> => {
      const devices = devicesForAdmins(await listDeviceReports(opened.db), config.clock());
      return { status: 'success', devices };
    },
  );
}
