// Checks the handshake headers (wire-protocol.md "Secure session" item 1): X-Client-ID must name
// our client, X-Timestamp must be within 5 minutes of now, and X-Signature, when sent, must
// verify. The signature key ships in the web bundle, so this filters stray callers and stale
// replays of a captured request; it is not what protects the session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { message } from '#shared/i18n/messages';

export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
const TIMESTAMP_SHAPE = /^(0|[1-9]\d{0,15})$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The signature check of src/shared/secure-channel/signature.ts (base64 HMAC-SHA-256 over
 * clientId + the timestamp as sent) with node:crypto: WebCrypto took a key import and two
 * thread-pool jobs per handshake. The comparison is constant-time; a signature that is not
 * strict base64 simply does not verify.
 */
function signatureVerifies(key: string, clientId: string, timestamp: string, signature: string) {
  const expected = createHmac('sha256', key)
    .update(clientId + timestamp)
    .digest();
  const given = Buffer.from(signature, 'base64');
  return (
    given.toString('base64') === signature &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

export interface ClientIdentity {
  clientId: string;
  clientAuthKey: string;
}

/**
 * Throws a 401 unless the headers are acceptable. With `required: false` (the completion
 * call) absent headers pass, but any header that is present is still checked.
 */
export function checkHandshakeHeaders(
  request: FastifyRequest,
  client: ClientIdentity,
  now: Date,
  options: { required: boolean },
): void {
  const clientId = header(request, 'x-client-id');
  const timestamp = header(request, 'x-timestamp');
  const signature = header(request, 'x-signature');
  if (clientId === undefined && timestamp === undefined && !options.required) return;
  if (clientId !== client.clientId) throw unauthorized(message('server.security.unknownClient'));
  if (timestamp === undefined || !TIMESTAMP_SHAPE.test(timestamp)) {
    throw unauthorized(message('server.security.timestampFormat'));
  }
  if (Math.abs(now.getTime() - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) {
    throw unauthorized(message('server.security.timestampSkew'));
  }
  if (signature === undefined) return;
  if (!signatureVerifies(client.clientAuthKey, clientId, timestamp, signature)) {
    throw unauthorized(message('server.security.badSignature'));
  }
}
