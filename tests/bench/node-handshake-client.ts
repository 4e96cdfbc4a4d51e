// The bench's handshake client on node:crypto (issue 18): the exact wire protocol of the web
// app's client (src/shared/secure-channel/handshake-client.ts: the signed initiate, the
// completion with the client's SPKI public key, AES key = SHA-256 of the ECDH x-coordinate),
// with synchronous ECDH on raw points instead of WebCrypto. Why: the WebCrypto client's key
// work (thread-pool hops, SPKI import and export through OpenSSL's codecs) cost more than the
// server's, so a load generator built on it measured itself. Not for the app: the browser has
// only WebCrypto. tests/server/security/node-handshake-client.test.ts proves the session works.
// The requests go through node:http with one keep-alive agent, not fetch: undici's fetch cost
// the generator more CPU per handshake than the server spent answering it, and on this 2-core
// machine that CPU is taken from the server being measured.
import { createECDH, createHash, createHmac } from 'node:crypto';
import http from 'node:http';
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

const agent = new http.Agent({ keepAlive: true });

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request on the kept-alive agent; the whole reply body as text. */
function request(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Both handshake calls; throws on any refusal (the bench counts it as failed). */
export async function nodeHandshake(options: NodeHandshakeOptions): Promise<NodeSecureSession> {
  const headers = signedHeaders(options);
  const started = await request(options.baseUrl + INITIATE_HANDSHAKE_PATH, {
    method: 'GET',
    headers,
  });
  if (!isOk(started)) throw new Error(`initiate: ${String(started.status)}`);
  const { sessionId, serverPublicKey } = JSON.parse(started.body) as {
    sessionId: string;
    serverPublicKey: string;
  };
  const serverSpki = Buffer.from(serverPublicKey, 'base64');
  if (!serverSpki.subarray(0, SPKI_P256_PREFIX.length).equals(SPKI_P256_PREFIX)) {
    throw new Error('initiate: the server key is not a plain P-256 SPKI');
  }
  const ecdh = createECDH('prime256v1');
  const clientPublicKey = Buffer.concat([SPKI_P256_PREFIX, ecdh.generateKeys()]).toString('base64');
  const completed = await request(options.baseUrl + COMPLETE_HANDSHAKE_PATH, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, clientPublicKey }),
  });
  if (!isOk(completed)) throw new Error(`complete: ${String(completed.status)}`);
  const secret = ecdh.computeSecret(serverSpki.subarray(SPKI_P256_PREFIX.length));
  return { sessionId, key: createHash('sha256').update(secret).digest() };
}
