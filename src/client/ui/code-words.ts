// Codes the spec shows as they are (roles, sub-roles, order statuses and types), as a reader of another
// language reads them: English keeps the spec's code, Spanish a word. The wire keeps the codes.
import type { MessageId } from '#shared/i18n/messages';
import { t } from '../i18n/i18n.ts';

const ROLE_WORDS = {
  CLIENT: 'common.code.role.client',
  VOLUNTEER: 'common.code.role.volunteer',
  ADMIN: 'common.code.role.admin',
} as const satisfies Record<string, MessageId>;

const SUBROLE_WORDS = {
  REGULAR: 'common.code.subrole.regular',
  TEAM_LEAD: 'common.code.subrole.teamLead',
  CLINICIAN: 'common.code.subrole.clinician',
} as const satisfies Record<string, MessageId>;

const ORDER_STATUS_WORDS = {
  PENDING: 'common.code.orderStatus.pending',
  PROCESSING: 'common.code.orderStatus.processing',
  COMPLETED: 'common.code.orderStatus.completed',
  CANCELLED: 'common.code.orderStatus.cancelled',
} as const satisfies Record<string, MessageId>;

const ORDER_TYPE_WORDS = {
  CLIENT: 'common.code.orderType.client',
  GUEST: 'common.code.orderType.guest',
} as const satisfies Record<string, MessageId>;

function wordOf(words: Record<string, MessageId>, code: string): string {
  const id = Object.hasOwn(words, code) ? words[code] : undefined;
  return id === undefined ? code : t(id);
}

/** A role code in the reader's language (call at render). */
export function roleWord(role: string): string {
  return wordOf(ROLE_WORDS, role);
}

/** A volunteer sub-role code in the reader's language (call at render). */
export function subroleWord(subrole: string): string {
  return wordOf(SUBROLE_WORDS, subrole);
}

/** An order status code in the reader's language (call at render). */
export function orderStatusWord(status: string): string {
  return wordOf(ORDER_STATUS_WORDS, status);
}

/** An order type code in the reader's language (call at render). */
export function orderTypeWord(type: string): string {
  return wordOf(ORDER_TYPE_WORDS, type);
}
