import { AppError } from '../errors.ts';
import { message } from '#shared/i18n/messages';

/** The one refusal that tells a client to re-handshake (wire-protocol.md item 4). */
export function sessionExpired(): AppError {
  return new AppError('SESSION_EXPIRED', message('server.security.sessionExpired'));
}
