// How admin screens word failures (product-spec.md section 8): the server's message, else the
// transport's error text, else the screen's fallback. Load failures are shown inline in red with
// 'Error:' in front; action failures are an alert.
import { t } from '../../i18n/i18n.ts';

/** The message of a failed call (ApiError carries the server's or the transport's text). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/** The inline load error: 'Error: …' (texts that already start with 'Error' keep their own). */
export function loadErrorLine(message: string): string {
  return /^error\b/i.test(message) ? message : t('common.admin.loadError', { message });
}

/** An action failed: the alert the spec asks for. */
export function alertFailure(error: unknown, fallback: string): void {
  window.alert(errorText(error, fallback));
}
