import { ApiError } from '../../api/api-client.ts';

/** A failed call's line: the server's own word when it gave one, else the form's `fallback`. */
export function serverMessageOr(fallback: string): (caught: unknown) => string {
  return (caught) => (caught instanceof ApiError && caught.fromServer ? caught.message : fallback);
}
