// What the offline layer needs from the network: one request, answered with a status and a
// body. In the app this is sendRequest of client/api (secure channel, one silent
// re-handshake on SESSION_EXPIRED); tests pass a Node transport talking to a real server.
// It resolves for every HTTP status and throws only when the server could not be reached.
import { t } from '../i18n/i18n.ts';
import type { WriteMethod } from './types.ts';

export interface OutboxRequest {
  method: WriteMethod | 'GET';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
}

export interface OutboxReply {
  status: number;
  body: unknown;
}

export type OutboxTransport = (request: OutboxRequest) => Promise<OutboxReply>;

/** The server's message from an envelope body, or null when it has none. */
export function envelopeMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** The server's message from an envelope, else a fallback naming the status. */
export function replyMessage(reply: OutboxReply): string {
  return (
    envelopeMessage(reply.body) ?? t('common.offline.serverAnswered', { status: reply.status })
  );
}

export function replyErrorCode(reply: OutboxReply): string | null {
  const body = reply.body;
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
}
