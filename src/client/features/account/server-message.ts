import { ApiError } from '../../api/api-client.ts';
import type { Saying } from '../../i18n/i18n.ts';

/** A failed call's line: the server's own word when it gave one, else the form's `fallback`. */
export function serverMessageOr(fallback: Saying): (caught: unknown) => Saying {
  return (caught) => (caught instanceof ApiError && caught.fromServer ? caught.message : fallback);
}
