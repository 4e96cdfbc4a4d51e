// The server's side of the message format of src/shared/secure-channel/envelope.ts — the same
// bytes, base64(IV[12] || ciphertext || tag[16]) of UTF-8 text with AES-GCM-256, and the same
// strict base64 — through node:crypto's synchronous cipher instead of WebCrypto.
// Why: every encrypted request is decrypted once and its reply encrypted once. WebCrypto in
// Node imports a CryptoKey and runs each operation as an async thread-pool job; on the order
// path that was about a fifth of the server's CPU (profile of `npm run bench -- orders`).
// tests/server/security/aes-gcm.test.ts proves both sides read each other's messages.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptError, IV_LENGTH, TAG_LENGTH } from '#shared/secure-channel/index';

const ALGORITHM = 'aes-256-gcm';
const BASE64_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// fatal: a message that decrypts to invalid UTF-8 is refused, not patched with U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

export interface OpenedText {
  plaintext: string;
  /** base64 of the message's IV, so a replayed message can be refused. */
  iv: string;
}

/** Strict standard base64: Buffer.from alone skips bad characters and accepts stray bits. */
function strictBase64(text: string): Buffer {
  if (!BASE64_SHAPE.test(text)) throw new DecryptError('The message is not valid base64.');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) throw new DecryptError('The message is not valid base64.');
  return bytes;
}

export function sealText(key: Uint8Array, plaintext: string): string {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

export function openText(key: Uint8Array, message: string): OpenedText {
  const bytes = strictBase64(message.trim());
  if (bytes.length < IV_LENGTH + TAG_LENGTH) throw new DecryptError('The message is too short.');
  const iv = bytes.subarray(0, IV_LENGTH);
  const decipher = createDecipheriv(ALGORITHM, key, iv);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_LENGTH));
  let opened: Buffer;
  try {
    opened = Buffer.concat([
      decipher.update(bytes.subarray(IV_LENGTH, bytes.length - TAG_LENGTH)),
      decipher.final(),
    ]);
  } catch {
    throw new DecryptError();
  }
  try {
    return { plaintext: decoder.decode(opened), iv: iv.toString('base64') };
  } catch {
    throw new DecryptError('The message is not valid UTF-8.');
  }
}
