// What the audit log records (beyond-spec.md section 2 "Audit log"), as the services hand it
// to the repository.
import type { AuditAction, AuditTargetType } from '#shared/contracts/audit';

/** Who acted: the signed-in user, or null for the server's own work (the hourly sweep). */
export interface AuditActor {
  userId: number;
  username: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  action: AuditAction;
  targetType: AuditTargetType | null;
  targetId: number | null;
  /** A small JSON object: the route of a read, the order ids, what changed… never a secret. */
  details: Record<string, unknown> | null;
}
