// How the audit log names its actions and details for people (the API keeps the codes).
import type { AuditAction, AuditEntry } from '#shared/contracts/audit';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'personal_data.read': 'Viewed addresses or phones',
  'user.create': 'Created user',
  'user.update': 'Updated user',
  'user.role_change': 'Changed role',
  'user.subrole_change': 'Changed subrole',
  'user.password_reset': 'Reset password',
  'user.delete': 'Deleted user',
  'application.approve': 'Approved application',
  'application.reject': 'Rejected application',
  'cargo.create': 'Added cargo item',
  'cargo.update': 'Updated cargo item',
  'cargo.delete': 'Deleted cargo item',
  'order.cancel': 'Cancelled order',
  'order.status_change': 'Changed order status',
  'order.round_change': 'Moved order to a round',
  'round.create': 'Created round',
  'round.update': 'Updated round',
  'round.cancel': 'Cancelled round',
  'round.lottery': 'Ran lottery',
  'signup.confirm': 'Confirmed sign-up',
  'signup.reject': 'Rejected sign-up',
  'privacy.purge': 'Removed expired personal data',
};

export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;
}

/** "order 12", "user 3", "orders 4, 5, 6": what an entry is about. */
export function targetText(entry: AuditEntry): string {
  const ids = entry.details?.orderIds ?? entry.details?.ids;
  if (Array.isArray(ids) && ids.length > 0) {
    const shown = ids.slice(0, 8).join(', ');
    const more = ids.length > 8 ? ` and ${ids.length - 8} more` : '';
    return `${entry.targetType ?? ''} ${shown}${more}`.trim();
  }
  if (entry.targetType === null) return '—';
  return entry.targetId === null ? entry.targetType : `${entry.targetType} ${entry.targetId}`;
}

/** The details as short "key: value" text (ids are in the target column). */
export function detailsText(entry: AuditEntry): string {
  if (entry.details === null) return '';
  return Object.entries(entry.details)
    .filter(([key]) => key !== 'orderIds' && key !== 'ids')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}
