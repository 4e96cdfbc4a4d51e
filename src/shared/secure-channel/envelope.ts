// The message format: base64(IV[12] || ciphertext || tag[16]) of UTF-8 text, AES-GCM-256.
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { DecryptError } from './errors.ts';
import { randomBytes, subtle, utf8, type CryptoKey } from './webcrypto.ts';

export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;

// fatal: a message that decrypts to invalid UTF-8 is refused, not patched with U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

export interface DecryptedText {
  plaintext: string;
  /** base64 of the message's IV, so a receiver can refuse a replayed message. */
  iv: string;
}

export async function encryptText(
  key: CryptoKey,
  plaintext: string,
  iv: Uint8Array<ArrayBuffer> = randomBytes(IV_LENGTH),
): Promise<string> {
  if (iv.length !== IV_LENGTH) throw new RangeError(`The IV must be ${IV_LENGTH} bytes.`);
  const sealed = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv }, key, utf8(plaintext)),
  );
  const out = new Uint8Array(IV_LENGTH + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_LENGTH);
  return bytesToBase64(out);
}

function splitMessage(message: string): {
  iv: Uint8Array<ArrayBuffer>;
  sealed: Uint8Array<ArrayBuffer>;
} {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(message.trim());
  } catch {
    throw new DecryptError('The message is not valid base64.');
  }
  if (bytes.length < IV_LENGTH + TAG_LENGTH) throw new DecryptError('The message is too short.');
  return { iv: bytes.slice(0, IV_LENGTH), sealed: bytes.slice(IV_LENGTH) };
}

export async function decryptText(key: CryptoKey, message: string): Promise<DecryptedText> {
  const { iv, sealed } = splitMessage(message);
  let opened: ArrayBuffer;
  try {
    opened = await subtle().decrypt({ name: 'AES-GCM', iv }, key, sealed);
  } catch {
    throw new DecryptError();
  }
  try {
    return { plaintext: decoder.decode(opened), iv: bytesToBase64(iv) };
  } catch {
    throw new DecryptError('The message is not valid UTF-8.');
  }
}

export async function encryptJson(key: CryptoKey, value: unknown): Promise<string> {
  const text = JSON.stringify(value);
  // JSON.stringify(undefined) is undefined: there is no JSON text to send.
  if (typeof text !== 'string') throw new TypeError('The value has no JSON form.');
  return encryptText(key, text);
}

/** Decrypts and parses; a message that decrypts to something other than JSON is a DecryptError. */
export async function decryptJson(key: CryptoKey, message: string): Promise<unknown> {
  const { plaintext } = await decryptText(key, message);
  try {
    return JSON.parse(plaintext) as unknown;
  } catch {
    throw new DecryptError('The message is not JSON.');
  }
}
