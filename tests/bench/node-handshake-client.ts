// The bench's handshake client on node:crypto (issue 18): the exact wire protocol of the web
// app's client (src/shared/secure-channel/handshake-client.ts: the signed initiate, the
// completion with the client's SPKI public key, AES key = SHA-256 of the ECDH x-coordinate),
// with synchronous ECDH on raw points instead of WebCrypto. Why: the WebCrypto client's key
// work (thread-pool hops, SPKI import and export through OpenSSL's codecs) cost more than the
// server's, so a load generator built on it measured itself. Not for the app: the browser has
// only WebCrypto. tests/server/security/node-handshake-client.test.ts proves the session works.
import { createECDH, createHash, createHmac } from 'node:crypto';
import {
  CLIENT_ID_HEADER,
  COMPLETE_HANDSHAKE_PATH,
  INITIATE_HANDSHAKE_PATH,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '#shared/secure-channel/index';

/** DER of SubjectPublicKeyInfo{id-ecPublicKey, prime256v1} up to the 65-byte point. */
const SPKI_P256_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

export interface NodeHandshakeOptions {
  baseUrl: string;
  clientId: string;
  clientAuthKey: string;
}

export interface NodeSecureSession {
  sessionId: string;
  /** The raw AES-256-GCM key bytes. */
  key: Buffer;
}

function signedHeaders(options: NodeHandshakeOptions): Record<string, string> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', options.clientAuthKey)
    .update(options.clientId + timestamp)
    .digest('base64');
  return {
    [CLIENT_ID_HEADER]: options.clientId,
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signature,
  };
}

/** Both handshake calls; throws on any refusal (the bench counts it as failed). */
export async function nodeHandshake(options: NodeHandshakeOptions): Promise<NodeSecureSession> {
  const headers = signedHeaders(options);
  const started = await fetch(options.baseUrl + INITIATE_HANDSHAKE_PATH, { headers });
  if (!started.ok) throw new Error(`initiate: ${String(started.status)}`);
  const { sessionId, serverPublicKey } = (await started.json()) as {
    sessionId: string;
    serverPublicKey: string;
  };
  const serverSpki = Buffer.from(serverPublicKey, 'base64');
  if (!serverSpki.subarray(0, SPKI_P256_PREFIX.length).equals(SPKI_P256_PREFIX)) {
    throw new Error('initiate: the server key is not a plain P-256 SPKI');
  }
  const ecdh = createECDH('prime256v1');
  const clientPublicKey = Buffer.concat([SPKI_P256_PREFIX, ecdh.generateKeys()]).toString('base64');
  const completed = await fetch(options.baseUrl + COMPLETE_HANDSHAKE_PATH, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, clientPublicKey }),
  });
  if (!completed.ok) throw new Error(`complete: ${String(completed.status)}`);
  await completed.arrayBuffer();
  const secret = ecdh.computeSecret(serverSpki.subarray(SPKI_P256_PREFIX.length));
  return { sessionId, key: createHash('sha256').update(secret).digest() };
}
