// The audit log (beyond-spec.md section 2 "Audit log"): who saw a client's address or phone,
// and every admin action. Admins read it page by page, newest first, or download it as CSV
// with the same filters. Nothing of the API edits or deletes an entry.
import { z } from 'zod';
import { fromFilter, toFilter } from './time-filter.ts';

export const AUDIT_PATHS = {
  list: '/api/admin/audit',
  csv: '/api/admin/audit.csv',
} as const;

/** The most entries one page holds; the default page is 100. */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 100;

/**
 * Every action the log records. `personal_data.read`: a reply gave a volunteer or an admin
 * clients' addresses or phones (details: the route and the order ids). The rest are admin
 * actions, named `<what>.<verb>`.
 */
export const AUDIT_ACTIONS = [
  'personal_data.read',
  'user.create',
  'user.update',
  'user.role_change',
  'user.subrole_change',
  'user.password_reset',
  'user.delete',
  'application.approve',
  'application.reject',
  'cargo.create',
  'cargo.update',
  'cargo.delete',
  'order.cancel',
  'order.status_change',
  'order.round_change',
  'round.create',
  'round.update',
  'round.cancel',
  'round.lottery',
  'signup.confirm',
  'signup.reject',
  'privacy.purge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What was looked at or changed: an order, a user, a round… */
export type AuditTargetType =
  'order' | 'user' | 'application' | 'cargo_item' | 'round' | 'signup' | 'feedback';

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListReply = z.object({
  status: z.literal('success'),
  entries: z.array(auditEntry),
  /** The `before` of the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditListReply = z.infer<typeof auditListReply>;

/** Filters of both the page and the CSV: all optional, combined with AND. */
export const auditFilterQuery = z.object({
  /** The actor's username (any case) or user id. */
  actor: z.string().trim().min(1).max(100).optional(),
  /** An action name, e.g. `order.read_personal` or `user.delete`; a trailing `.*` matches a group. */
  action: z.string().trim().min(1).max(100).optional(),
  from: fromFilter.optional(),
  to: toFilter.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterQuery>;

export const auditPageQuery = auditFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a nextCursor from an earlier page')
    .transform(Number)
    .optional(),
});
export type AuditPageQuery = z.infer<typeof auditPageQuery>;

/** The CSV's columns, in order (the entry's fields; details as JSON text). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorUsername',
  'action',
  'targetType',
  'targetId',
  'details',
] as const;
