// The rounds administration's error texts (product-spec.md section 8 "Admin rounds"), each
// followed by the server's message (or the transport's text) when there is one. The label is
// said in the admin's language; the server words its own part in the caller's language.
import type { MessageId } from '#shared/i18n/messages';
import { t } from '../../i18n/i18n.ts';
import { errorText } from '../../ui/admin/admin-errors.ts';

export const ROUND_ERRORS = {
  fetchRounds: 'rounds.error.fetchRounds',
  fetchDetails: 'rounds.error.fetchDetails',
  cancel: 'rounds.error.cancel',
  create: 'rounds.error.create',
  fetchRound: 'rounds.error.fetchRound',
  update: 'rounds.error.update',
  lottery: 'rounds.error.lottery',
  confirm: 'rounds.error.confirm',
  reject: 'rounds.error.reject',
} as const satisfies Record<string, MessageId>;

export type RoundErrorId = (typeof ROUND_ERRORS)[keyof typeof ROUND_ERRORS];

/** 'Error …' alone, or 'Error …: <why>' when there is a why. */
export function withDetail(label: RoundErrorId, detail: string): string {
  return detail === '' ? t(label) : t('rounds.error.withDetail', { label: t(label), detail });
}

export function roundErrorText(label: RoundErrorId, error: unknown): string {
  return withDetail(label, errorText(error, ''));
}

export function alertRoundError(label: RoundErrorId, error: unknown): void {
  window.alert(roundErrorText(label, error));
}
