// Reports without personal data, for admins (beyond-spec.md section 2):
// - GET /api/admin/reports/summary.csv?from=&to= → per month and item, quantities ordered,
//   delivered and cancelled; orders by type and status; rounds held; sign-ups confirmed.
// - GET /api/admin/reports/deliveries-per-week → the admin home's chart (12 weeks).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHART_WEEKS,
  deliveriesPerWeekReply,
  REPORT_PATHS,
  SUMMARY_CSV_COLUMNS,
  summaryQuery,
} from '#shared/contracts/reports';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { csvAttachment, csvStream } from '../http/csv.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { deliveryTimesSince, summaryReport } from './reports.repository.ts';
import { deliveriesPerWeek, firstChartWeek, summaryCsvRows } from './reports.service.ts';

export async function reportRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;

  app.get(
    REPORT_PATHS.summaryCsv,
    {
      config: { access: ADMIN_ONLY },
      schema: {
        querystring: summaryQuery,
        response: documentedReplies({ 200: z.string().describe('text/csv (RFC 4180)') }),
      },
    },
    async (request, reply) => {
      const now = config.clock();
      const report = await summaryReport(opened.db, request.query, now);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvAttachment('summary', now))
        .header('cache-control', 'no-store')
        .send(csvStream(SUMMARY_CSV_COLUMNS, summaryCsvRows(report), (cells) => cells));
    },
  );

  app.get(
    REPORT_PATHS.deliveriesPerWeek,
    { config: { access: ADMIN_ONLY }, schema: { response: { 200: deliveriesPerWeekReply } } },
    async () => {
      const now = config.clock();
      const since = firstChartWeek(now, CHART_WEEKS).toISOString();
      const times = await deliveryTimesSince(opened.db, since);
      return { status: 'success' as const, weeks: deliveriesPerWeek(times, now, CHART_WEEKS) };
    },
  );
}
