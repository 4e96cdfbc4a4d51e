// How the audit log names its actions and details for people (the API keeps the codes).
import type { AuditAction, AuditEntry } from '#shared/contracts/audit';
import type { MessageId } from '#shared/i18n/messages';
import { t } from '../../i18n/i18n.ts';

/** Each action's words (message ids; the API keeps the codes). */
export const ACTION_LABELS = {
  'personal_data.read': 'admin.audit.action.personalDataRead',
  'user.create': 'admin.audit.action.userCreate',
  'user.update': 'admin.audit.action.userUpdate',
  'user.role_change': 'admin.audit.action.userRoleChange',
  'user.subrole_change': 'admin.audit.action.userSubroleChange',
  'user.password_reset': 'admin.audit.action.userPasswordReset',
  'user.delete': 'admin.audit.action.userDelete',
  'application.approve': 'admin.audit.action.applicationApprove',
  'application.reject': 'admin.audit.action.applicationReject',
  'cargo.create': 'admin.audit.action.cargoCreate',
  'cargo.update': 'admin.audit.action.cargoUpdate',
  'cargo.delete': 'admin.audit.action.cargoDelete',
  'order.cancel': 'admin.audit.action.orderCancel',
  'order.status_change': 'admin.audit.action.orderStatusChange',
  'order.round_change': 'admin.audit.action.orderRoundChange',
  'round.create': 'admin.audit.action.roundCreate',
  'round.update': 'admin.audit.action.roundUpdate',
  'round.cancel': 'admin.audit.action.roundCancel',
  'round.lottery': 'admin.audit.action.roundLottery',
  'signup.confirm': 'admin.audit.action.signupConfirm',
  'signup.reject': 'admin.audit.action.signupReject',
  'privacy.purge': 'admin.audit.action.privacyPurge',
} as const satisfies Record<AuditAction, MessageId>;

export function actionLabel(action: string): string {
  const id = (ACTION_LABELS as Record<string, MessageId | undefined>)[action];
  return id === undefined ? action : t(id);
}

/** The kind of thing an entry is about, in words ("order"; Spanish "pedido"). */
function targetWord(entry: AuditEntry): string {
  return entry.targetType === null ? '' : t('admin.audit.target', { type: entry.targetType });
}

/** "order 12", "user 3", "orders 4, 5, 6": what an entry is about. */
export function targetText(entry: AuditEntry): string {
  const ids = entry.details?.orderIds ?? entry.details?.ids;
  if (Array.isArray(ids) && ids.length > 0) {
    const shown = ids.slice(0, 8).join(', ');
    const list =
      ids.length > 8 ? t('admin.audit.moreIds', { shown, count: ids.length - 8 }) : shown;
    return `${targetWord(entry)} ${list}`.trim();
  }
  if (entry.targetType === null) return '—';
  return entry.targetId === null ? targetWord(entry) : `${targetWord(entry)} ${entry.targetId}`;
}

/** The details as short "key: value" text (ids are in the target column). */
export function detailsText(entry: AuditEntry): string {
  if (entry.details === null) return '';
  return Object.entries(entry.details)
    .filter(([key]) => key !== 'orderIds' && key !== 'ids')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}
