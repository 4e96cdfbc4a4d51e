import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  decryptJson,
  decryptText,
  deriveAesKey,
  deriveAesKeyBytes,
  DecryptError,
  encryptJson,
  encryptText,
  generateEcdhKeyPair,
  importAesKey,
} from '#shared/secure-channel/index';
import {
  ALICE_JWK,
  BOB_JWK,
  privateKeyOf,
  publicKeyOf,
  SHARED_AES_KEY_HEX,
  VECTOR_IV,
  VECTOR_MESSAGE,
  VECTOR_PLAINTEXT,
} from './fixed-keys.ts';

async function vectorKey() {
  return deriveAesKey(await privateKeyOf(ALICE_JWK), await publicKeyOf(BOB_JWK));
}

function flipBit(message: string, index: number): string {
  const bytes = base64ToBytes(message);
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return bytesToBase64(bytes);
}

describe('envelope', () => {
  it('derives the pinned AES key from the fixed key pairs, from either side', async () => {
    const fromAlice = await deriveAesKeyBytes(
      await privateKeyOf(ALICE_JWK),
      await publicKeyOf(BOB_JWK),
    );
    const fromBob = await deriveAesKeyBytes(
      await privateKeyOf(BOB_JWK),
      await publicKeyOf(ALICE_JWK),
    );
    expect(Buffer.from(fromAlice).toString('hex')).toBe(SHARED_AES_KEY_HEX);
    expect(Buffer.from(fromBob).toString('hex')).toBe(SHARED_AES_KEY_HEX);
  });

  it('encrypts the fixed vector to the pinned message', async () => {
    const key = await vectorKey();
    expect(await encryptText(key, VECTOR_PLAINTEXT, new Uint8Array(VECTOR_IV))).toBe(
      VECTOR_MESSAGE,
    );
  });

  it('decrypts the pinned message and reports its IV', async () => {
    const key = await importAesKey(new Uint8Array(Buffer.from(SHARED_AES_KEY_HEX, 'hex')));
    const opened = await decryptText(key, VECTOR_MESSAGE);
    expect(opened.plaintext).toBe(VECTOR_PLAINTEXT);
    expect(opened.iv).toBe(bytesToBase64(VECTOR_IV));
  });

  it('round-trips JSON between two fresh key pairs with a fresh IV each time', async () => {
    const a = await generateEcdhKeyPair();
    const b = await generateEcdhKeyPair();
    const keyA = await deriveAesKey(a.privateKey, b.publicKey);
    const keyB = await deriveAesKey(b.privateKey, a.publicKey);
    const value = { name: 'Zoë', items: [1, 2, 3], note: 'snow ❄ and "quotes"' };
    const first = await encryptJson(keyA, value);
    const second = await encryptJson(keyA, value);
    expect(first).not.toBe(second);
    expect(await decryptJson(keyB, first)).toEqual(value);
    expect(base64ToBytes(first)).toHaveLength(
      12 + new TextEncoder().encode(JSON.stringify(value)).length + 16,
    );
  });

  it.each([
    ['the IV', 0],
    ['the ciphertext', 12],
    ['the tag', -1],
  ])('refuses a message whose %s was changed', async (_name, index) => {
    const key = await vectorKey();
    const length = base64ToBytes(VECTOR_MESSAGE).length;
    const tampered = flipBit(VECTOR_MESSAGE, index < 0 ? length + index : index);
    await expect(decryptText(key, tampered)).rejects.toThrow(DecryptError);
  });

  it('refuses a message under another key', async () => {
    const pair = await generateEcdhKeyPair();
    const other = await deriveAesKey(pair.privateKey, await publicKeyOf(BOB_JWK));
    await expect(decryptText(other, VECTOR_MESSAGE)).rejects.toThrow(DecryptError);
  });

  it.each([
    ['bad base64', 'not base64!'],
    ['a message shorter than IV and tag', bytesToBase64(new Uint8Array(27))],
    ['an empty message', ''],
  ])('refuses %s', async (_name, message) => {
    await expect(decryptText(await vectorKey(), message)).rejects.toThrow(DecryptError);
  });

  it('refuses a message that decrypts to something other than JSON', async () => {
    const key = await vectorKey();
    await expect(decryptJson(key, await encryptText(key, 'not json {'))).rejects.toThrow(
      DecryptError,
    );
  });

  it('refuses an IV that is not 12 bytes', async () => {
    await expect(encryptText(await vectorKey(), 'x', new Uint8Array(16))).rejects.toThrow(
      RangeError,
    );
  });
});
