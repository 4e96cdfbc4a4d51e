// An API client written only from /work/shared/spec/wire-protocol.md and product-spec.md
// (sections 3, 6, 7, 8, 9). It imports nothing from src/: the key exchange, the HMAC
// signature and the AES-GCM envelope are rebuilt here on node:crypto, and requests go through
// Node's fetch with a tiny cookie jar, the way any third-party client would talk to the API.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/** wire-protocol.md "Secure session" step 3: IV 12 bytes, GCM tag 16 bytes. */
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export interface ClientKeys {
  privateKey: KeyObject;
  /** base64 SPKI DER (the documented form). */
  spki: string;
  /** base64 raw uncompressed point, 65 bytes starting 0x04 (also accepted). */
  rawPoint: string;
}

export function newClientKeys(): ClientKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  const rawPoint = Buffer.concat([Buffer.from([0x04]), x, y]);
  return { privateKey, spki: spki.toString('base64'), rawPoint: rawPoint.toString('base64') };
}

/** X-Signature = base64 HMAC-SHA-256(client key, clientId + timestamp). */
export function signHandshake(clientKey: string, clientId: string, timestamp: string): string {
  return createHmac('sha256', clientKey)
    .update(clientId + timestamp)
    .digest('base64');
}

/** AES key = SHA-256(ECDH P-256 x-coordinate). */
export function deriveAesKey(privateKey: KeyObject, serverPublicKeyB64: string): Buffer {
  const publicKey = createPublicKey({
    key: Buffer.from(serverPublicKeyB64, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const secret = diffieHellman({ privateKey, publicKey });
  return createHash('sha256').update(secret).digest();
}

/** message = base64(IV || ciphertext || tag) of the UTF-8 JSON text. */
export function seal(
  aesKey: Buffer,
  plaintext: string,
  iv: Buffer = randomBytes(IV_BYTES),
): string {
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

export function open(aesKey: Buffer, message: string): string {
  const bytes = Buffer.from(message.trim(), 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed message too short');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const ct = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
}

export interface SecureSession {
  sessionId: string;
  aesKey: Buffer;
}

export interface Reply {
  status: number;
  headers: Headers;
  /** The body as received (a sealed message when the reply is encrypted). */
  text: string;
  /** Parsed JSON of the reply; for an encrypted reply, of its plaintext. undefined if none. */
  json: unknown;
  /** True when the reply was text/plain and was opened with the session key. */
  encrypted: boolean;
  /** Set-Cookie lines of this reply. */
  setCookies: string[];
}

export interface CallOptions {
  /** JSON body; sent sealed when `encrypt` is true (the default when a session exists). */
  body?: unknown;
  encrypt?: boolean;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** A raw body (FormData or text) sent as is. */
  raw?: string | FormData;
  /** Send no cookies on this call. */
  noCookies?: boolean;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class WireClient {
  session: SecureSession | undefined;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
    readonly clientKey: string,
  ) {}

  /** Step 1. Headers may be overridden (bad signature, skewed time, no signature). */
  async initiate(headers: { timestamp?: string; signature?: string | null } = {}): Promise<Reply> {
    const timestamp = headers.timestamp ?? String(Date.now());
    const h: Record<string, string> = { 'X-Client-ID': this.clientId, 'X-Timestamp': timestamp };
    const signature =
      headers.signature === undefined
        ? signHandshake(this.clientKey, this.clientId, timestamp)
        : headers.signature;
    if (signature !== null) h['X-Signature'] = signature;
    return this.call('GET', '/api/security/initiate-handshake', { headers: h, encrypt: false });
  }

  /** Steps 1 and 2 and the key derivation; `form` picks how the public key is sent. */
  async handshake(form: 'spki' | 'raw' = 'spki'): Promise<SecureSession> {
    const started = await this.initiate();
    const body = started.json as { sessionId?: unknown; serverPublicKey?: unknown } | undefined;
    if (
      started.status !== 200 ||
      typeof body?.sessionId !== 'string' ||
      typeof body.serverPublicKey !== 'string'
    ) {
      throw new Error(`Server handshake failed: ${started.status} ${started.text}`);
    }
    const keys = newClientKeys();
    const completed = await this.complete(
      body.sessionId,
      form === 'spki' ? keys.spki : keys.rawPoint,
    );
    if (completed.status !== 200) {
      throw new Error(`Handshake completion failed: ${completed.status} ${completed.text}`);
    }
    this.session = {
      sessionId: body.sessionId,
      aesKey: deriveAesKey(keys.privateKey, body.serverPublicKey),
    };
    return this.session;
  }

  complete(sessionId: string, clientPublicKey: string): Promise<Reply> {
    const timestamp = String(Date.now());
    return this.call('POST', '/api/security/complete-handshake', {
      encrypt: false,
      body: { sessionId, clientPublicKey },
      headers: {
        'X-Client-ID': this.clientId,
        'X-Timestamp': timestamp,
        'X-Signature': signHandshake(this.clientKey, this.clientId, timestamp),
      },
    });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...options.headers };
    if (!options.noCookies && this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    let body: string | FormData | undefined;
    const encrypt = options.encrypt ?? (this.session !== undefined && options.body !== undefined);
    if (options.raw !== undefined) {
      body = options.raw;
    } else if (options.body !== undefined) {
      const text = JSON.stringify(options.body);
      if (encrypt) {
        if (this.session === undefined) throw new Error('Security context not initialized');
        body = seal(this.session.aesKey, text);
        headers['Content-Type'] = 'text/plain';
        headers['X-Session-ID'] = this.session.sessionId;
      } else {
        body = text;
        headers['Content-Type'] = 'application/json';
      }
    }
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = body;
    const res = await fetch(url, init);
    const text = await res.text();
    const setCookies = res.headers.getSetCookie();
    this.keepCookies(setCookies);
    const type = res.headers.get('content-type') ?? '';
    const sentSealed = options.raw === undefined && options.body !== undefined && encrypt;
    if (sentSealed && type.startsWith('text/plain') && this.session !== undefined) {
      const json = parseJson(open(this.session.aesKey, text));
      return { status: res.status, headers: res.headers, text, json, encrypted: true, setCookies };
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: parseJson(text),
      encrypted: false,
      setCookies,
    };
  }

  get(path: string, options: CallOptions = {}): Promise<Reply> {
    return this.call('GET', path, options);
  }
  post(path: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
    return this.call('POST', path, { ...options, body });
  }
  put(path: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
    return this.call('PUT', path, { ...options, body });
  }
  delete(path: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
    return this.call('DELETE', path, { ...options, body });
  }
}

// Reading loosely typed replies without `any`.
export type Rec = Record<string, unknown>;

export function rec(value: unknown, what = 'value'): Rec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not an object: ${JSON.stringify(value)}`);
  }
  return value as Rec;
}

export function list(value: unknown, what = 'value'): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array: ${JSON.stringify(value)}`);
  return value as unknown[];
}

export function recs(value: unknown, what = 'value'): Rec[] {
  return list(value, what).map((v, i) => rec(v, `${what}[${i}]`));
}

export const ISO_UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
