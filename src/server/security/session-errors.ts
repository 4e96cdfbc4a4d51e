import { AppError } from '../errors.ts';

/** The one refusal that tells a client to re-handshake (wire-protocol.md item 4). */
export function sessionExpired(): AppError {
  return new AppError(
    'SESSION_EXPIRED',
    'The secure session has expired or is unknown. Please refresh the page.',
  );
}
