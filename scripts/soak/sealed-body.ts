// The secure channel's envelope on node:crypto, synchronous so that autocannon's request and
// reply hooks can use it: base64(IV 12 bytes || AES-256-GCM ciphertext || tag 16 bytes), a
// fresh IV for every message (wire-protocol.md "Secure session").
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return Buffer.concat([iv, sealed]).toString('base64');
}

export function openText(key: Buffer, message: string): string {
  const bytes = Buffer.from(message.trim(), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
