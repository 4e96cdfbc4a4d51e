// The audit log for admins (beyond-spec.md section 2 "Audit log"):
// - GET /api/admin/audit?actor=&action=&from=&to=&limit=&before= → one page, newest first.
// - GET /api/admin/audit.csv?actor=&action=&from=&to= → every matching entry as CSV, streamed.
// Reading the log is not itself logged: it holds ids and actions, never an address or phone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PATHS,
  auditFilterQuery,
  auditListReply,
  auditPageQuery,
  type AuditEntry,
} from '#shared/contracts/audit';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { csvAttachment, csvStream, type CsvCell } from '../http/csv.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { allAuditEntries, listAuditPage } from './audit.repository.ts';

function csvCells(entry: AuditEntry): CsvCell[] {
  return [
    entry.id,
    entry.at,
    entry.actorId,
    entry.actorUsername,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.details === null ? null : JSON.stringify(entry.details),
  ];
}

export async function auditRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.opened.db;

  app.get(
    AUDIT_PATHS.list,
    {
      config: { access: ADMIN_ONLY },
      schema: { querystring: auditPageQuery, response: { 200: auditListReply } },
    },
    async (request) => {
      const { limit, before, ...filter } = request.query;
      const page = await listAuditPage(db, filter, {
        limit: limit ?? AUDIT_PAGE_DEFAULT,
        before,
      });
      return { status: 'success' as const, ...page };
    },
  );

  app.get(
    AUDIT_PATHS.csv,
    {
      config: { access: ADMIN_ONLY },
      schema: {
        querystring: auditFilterQuery,
        response: documentedReplies({ 200: z.string().describe('text/csv (RFC 4180)') }),
      },
    },
    async (request, reply) => {
      const rows = allAuditEntries(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvAttachment('audit', new Date()))
        .header('cache-control', 'no-store')
        .send(csvStream(AUDIT_CSV_COLUMNS, rows, csvCells));
    },
  );
}
