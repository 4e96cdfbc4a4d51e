// The server's synchronous AES-GCM (src/server/security/aes-gcm.ts) against the shared WebCrypto
// envelope the browser uses: each reads the other's messages, and every malformed or tampered
// message is a DecryptError, as it is on the shared side.
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptError, decryptText, encryptText, importAesKey } from '#shared/secure-channel/index';
import { openText, sealText } from '#server/security/aes-gcm';

const keyBytes = new Uint8Array(randomBytes(32));
const text = 'Socks (M) × 2 — under the bridge ✓';

function flipByte(message: string, index: number): string {
  const bytes = Buffer.from(message, 'base64');
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return bytes.toString('base64');
}

describe('server AES-GCM', () => {
  it('opens what the shared WebCrypto side sealed, IV included', async () => {
    const iv = new Uint8Array(randomBytes(12));
    const message = await encryptText(await importAesKey(keyBytes), text, iv);
    expect(openText(keyBytes, message)).toEqual({
      plaintext: text,
      iv: Buffer.from(iv).toString('base64'),
    });
  });

  it('seals what the shared side opens, with a fresh IV each time', async () => {
    const first = sealText(keyBytes, text);
    const second = sealText(keyBytes, text);
    expect(first.slice(0, 16)).not.toBe(second.slice(0, 16));
    const opened = await decryptText(await importAesKey(keyBytes), first);
    expect(opened.plaintext).toBe(text);
  });

  it('refuses a flipped bit in the IV, the ciphertext or the tag', () => {
    const message = sealText(keyBytes, text);
    const length = Buffer.from(message, 'base64').length;
    for (const index of [0, 12, length - 1]) {
      expect(() => openText(keyBytes, flipByte(message, index))).toThrow(DecryptError);
    }
  });

  it('refuses another key, bad or non-canonical base64, a short message and bad UTF-8', () => {
    const message = sealText(keyBytes, text);
    expect(() => openText(new Uint8Array(randomBytes(32)), message)).toThrow(DecryptError);
    expect(() => openText(keyBytes, `${message.slice(0, -4)}!!!!`)).toThrow(DecryptError);
    expect(() => openText(keyBytes, message.replace(/=+$/, ''))).toThrow(DecryptError);
    // 'AB==' decodes to the same byte as 'AA==' by Buffer's lenient reading: stray bits refused.
    expect(() => openText(keyBytes, 'AB==')).toThrow(DecryptError);
    expect(() => openText(keyBytes, Buffer.alloc(27).toString('base64'))).toThrow(DecryptError);
    expect(() => openText(keyBytes, sealBytes(Buffer.from([0xff, 0xfe])))).toThrow(
      'The message is not valid UTF-8.',
    );
  });
});

/** A message whose plaintext is raw bytes, to reach the UTF-8 check. */
function sealBytes(plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes, iv);
  const body = Buffer.concat([iv, cipher.update(plain), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}
