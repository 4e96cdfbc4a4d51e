// Recording an admin action (beyond-spec.md section 2 "Audit log") in the transaction of the
// write it describes: the entry commits exactly when the write does, so a refused or failed
// write (rolled back) leaves none, and a replayed one (whose work does not run) adds none.
import type { AuditAction, AuditTargetType } from '#shared/contracts/audit';
import type { SignedInWrite } from '../db/write-context.ts';
import { appendAudit } from './audit.repository.ts';

/** What an action touched: a user, an order, a round… */
export interface AuditTarget {
  type: AuditTargetType;
  id: number;
}

/**
 * What changed, kept small: field names, a role's from/to, counts and ids. Never a password,
 * an address, a phone or any other value a client typed about themselves.
 */
export type AuditDetails = Record<string, unknown> | null;

export async function recordAdminAction(
  ctx: SignedInWrite,
  action: AuditAction,
  target: AuditTarget,
  details: AuditDetails = null,
): Promise<void> {
  const { userId, username } = ctx.actor;
  await appendAudit(ctx.trx, ctx.now, [
    {
      actor: { userId, username },
      action,
      targetType: target.type,
      targetId: target.id,
      details,
    },
  ]);
}

/** The names of the fields whose values differ between two records (for an update's entry). */
export function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
}
