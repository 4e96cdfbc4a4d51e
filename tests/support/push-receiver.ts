// A push service for tests, written from the RFCs (not web-push's code): an HTTPS server on
// 127.0.0.1 with a self-signed certificate made here by openssl, which the server under test
// trusts through NODE_EXTRA_CA_CERTS (read only at process start: run the server as a child
// process with it and PUSH_HOSTS=127.0.0.1). Each request to /push/<name> is checked:
// - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<key>`; the JWT is ES256 with
//   aud = this origin, exp in the future and at most 24 h ahead, a sub; its signature is
//   verified with node:crypto against k (and k must be the key the test expects, if given);
// - RFC 8030: a TTL header (delta-seconds);
// - RFC 8291 / RFC 8188: Content-Encoding aes128gcm; the body is decrypted with the
//   subscription's private key and authentication secret (ECDH, HKDF, AES-128-GCM) and its
//   JSON recorded.
// A push with any problem is answered 400 and recorded with the problems. Otherwise the
// answer is the next one the test queued for that name (404, 410, 429 with Retry-After,
// 500…, or a dropped connection), else 201.
import { execFileSync } from 'node:child_process';
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface TestCertificate {
  certFile: string;
  keyFile: string;
}

/** A self-signed P-256 certificate for 127.0.0.1 and localhost, written into `dir`. */
export function makeTestCertificate(dir: string): TestCertificate {
  fs.mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'push-cert.pem');
  const keyFile = path.join(dir, 'push-key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

/** A browser's side of one subscription: what it gives the server, and its secrets. */
export interface TestSubscription {
  name: string;
  /** PushSubscription.toJSON(), as the browser posts it. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface PushAttempt {
  name: string;
  /** Date.now() when the request arrived (benchmarks measure delays with it). */
  receivedAt: number;
  /** The status answered. */
  status: number;
  problems: string[];
  /** The decrypted JSON (when it decrypted). */
  payload: unknown;
  headers: { ttl?: string; urgency?: string; topic?: string };
  /** The VAPID JWT's claims and key (when they parsed). */
  vapid?: { aud: unknown; exp: unknown; sub: unknown; k: string };
}

export interface Answer {
  status: number;
  retryAfter?: string;
  /**
   * Drop the connection instead of answering (status is then only what the attempt records),
   * as a server does that closes a kept-alive connection just as a request arrives on it.
   */
  reset?: true;
}

export interface PushReceiver {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Every request, in arrival order. */
  attempts: PushAttempt[];
  /** The pushes answered 2xx (delivered), in arrival order. */
  delivered(name?: string): PushAttempt[];
  subscription(name: string): TestSubscription;
  /** Queue answers for a name's next requests (after them: 201). */
  answer(name: string, ...answers: Answer[]): void;
  /** The VAPID public key pushes must carry (base64url); undefined = any verified key. */
  expectKey(key: string | undefined): void;
  /** Resolves when `check` holds (polled), rejects after timeoutMs. */
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64u = (buf: Buffer) => buf.toString('base64url');
const MAX_EXP_SECONDS = 24 * 60 * 60;

/** RFC 8291 section 3.4 + RFC 8188 section 2: the plaintext of an aes128gcm body. */
export function decryptAes128gcm(body: Buffer, sub: TestSubscription): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4)
    throw new Error('keyid is not an uncompressed P-256 point');
  if (rs < 18) throw new Error('record size below 18');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const records = body.subarray(21 + idlen);
  const parts: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, offset + rs);
    const iv = Buffer.from(nonce);
    // The record's nonce: the base nonce XOR its sequence number (RFC 8188 section 2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: the data, a delimiter (2 = last record, 1 = more follow), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + rs >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad record delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** RFC 8292: problems of the Authorization header, and its claims. */
function checkVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string | undefined,
): { problems: string[]; vapid?: PushAttempt['vapid'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (match === null) return { problems: [`Authorization is not "vapid t=…, k=…": ${header}`] };
  const [, token = '', k = ''] = match;
  const problems: string[] = [];
  const [h = '', p = '', s = ''] = token.split('.');
  let head: { alg?: unknown; typ?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as typeof head;
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return { problems: ['the JWT does not parse'] };
  }
  if (head.alg !== 'ES256') problems.push(`JWT alg ${String(head.alg)}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) problems.push('k is not an uncompressed P-256 point');
  else {
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
      format: 'jwk',
    });
    const signed = Buffer.from(`${h}.${p}`);
    const signature = Buffer.from(s, 'base64url');
    if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature))
      problems.push('the JWT signature does not verify with k');
  }
  if (expectedKey !== undefined && k !== expectedKey) problems.push('k is not the expected key');
  if (claims.aud !== origin) problems.push(`aud ${String(claims.aud)} is not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + MAX_EXP_SECONDS)
    problems.push(`exp ${String(claims.exp)} is not within the next 24 h`);
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    problems.push(`sub ${String(claims.sub)} is not a mailto: or https: contact`);
  return { problems, vapid: { aud: claims.aud, exp: claims.exp, sub: claims.sub, k } };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startPushReceiver(cert: TestCertificate): Promise<PushReceiver> {
  const subscriptions = new Map<string, TestSubscription>();
  const queued = new Map<string, Answer[]>();
  const attempts: PushAttempt[] = [];
  let expectedKey: string | undefined;
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const receivedAt = Date.now();
    const body = await readBody(request);
    const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const sub = subscriptions.get(name);
    const header = (n: string) => {
      const value = request.headers[n];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const attempt: PushAttempt = {
      name,
      receivedAt,
      status: 400,
      problems: [],
      payload: undefined,
      headers: { ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') },
    };
    attempts.push(attempt);
    if (request.method !== 'POST') attempt.problems.push(`method ${request.method}`);
    if (sub === undefined) attempt.problems.push(`no subscription at ${request.url}`);
    const vapid = checkVapid(header('authorization'), origin, expectedKey);
    attempt.problems.push(...vapid.problems);
    if (vapid.vapid !== undefined) attempt.vapid = vapid.vapid;
    if (!/^\d+$/.test(attempt.headers.ttl ?? '')) attempt.problems.push('no TTL header');
    if (header('content-encoding') !== 'aes128gcm') attempt.problems.push('not aes128gcm');
    if (sub !== undefined) {
      try {
        attempt.payload = JSON.parse(decryptAes128gcm(body, sub).toString('utf8'));
      } catch (err) {
        attempt.problems.push(`does not decrypt: ${(err as Error).message}`);
      }
    }
    const answer: Answer =
      attempt.problems.length > 0
        ? { status: 400 }
        : (queued.get(name)?.shift() ?? { status: 201 });
    attempt.status = answer.status;
    if (answer.reset === true) {
      request.socket.destroy();
      return;
    }
    response.writeHead(
      answer.status,
      answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter },
    );
    response.end();
  }

  const server = https.createServer(
    { cert: fs.readFileSync(cert.certFile), key: fs.readFileSync(cert.keyFile) },
    (request, response) => {
      handle(request, response).catch(() => {
        response.writeHead(500);
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    port,
    attempts,
    delivered: (name) =>
      attempts.filter(
        (a) => a.status >= 200 && a.status < 300 && (name === undefined || a.name === name),
      ),
    subscription(name) {
      const existing = subscriptions.get(name);
      if (existing !== undefined) return existing;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const sub: TestSubscription = {
        name,
        json: {
          endpoint: `${origin}/push/${name}`,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        },
        ecdh,
        authSecret,
      };
      subscriptions.set(name, sub);
      return sub;
    },
    answer(name, ...answers) {
      queued.set(name, [...(queued.get(name) ?? []), ...answers]);
    },
    expectKey(key) {
      expectedKey = key;
    },
    // Generous: a loaded CI machine starts two server processes and their first sends slowly.
    async waitFor(check, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline)
          throw new Error('the receiver did not see what was awaited in time');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An aes128gcm body made here from the RFCs (one record), for the receiver's own test: the
 * decryption must read what the RFC describes, not only what web-push writes.
 */
export function encryptAes128gcm(plain: Buffer, uaPublic: Buffer, authSecret: Buffer): Buffer {
  const as = createECDH('prime256v1');
  as.generateKeys();
  const asPublic = as.getPublicKey();
  const salt = randomBytes(16);
  const ecdhSecret = as.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, asPublic, sealed]);
}
