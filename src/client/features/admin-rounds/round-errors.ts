// The rounds administration's error texts (product-spec.md section 8 "Admin rounds"), each
// followed by the server's message (or the transport's text) when there is one.
import { errorText } from '../../ui/admin/admin-errors.ts';

export const ROUND_ERRORS = {
  fetchRounds: 'Error fetching rounds',
  fetchDetails: 'Error fetching round details',
  cancel: 'Error cancelling round',
  create: 'Error creating round',
  fetchRound: 'Error fetching round',
  update: 'Error updating round',
  lottery: 'Error running lottery',
  confirm: 'Error confirming signup',
  reject: 'Error rejecting signup',
} as const;

export function roundErrorText(label: string, error: unknown): string {
  const detail = errorText(error, '');
  return detail === '' ? label : `${label}: ${detail}`;
}

export function alertRoundError(label: string, error: unknown): void {
  window.alert(roundErrorText(label, error));
}
