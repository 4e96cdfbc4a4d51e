import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  deriveAesKeyBytes,
  exportPrivateKeyPkcs8,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importPeerPublicKey,
  importPrivateKeyPkcs8,
  InvalidPublicKeyError,
} from '#shared/secure-channel/index';
import { subtle } from 'node:crypto';
import { ALICE_JWK, BOB_JWK, privateKeyOf, rawPointOf, SHARED_AES_KEY_HEX } from './fixed-keys.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('peer public keys', () => {
  it('accepts a raw 65-byte point and gives the pinned secret', async () => {
    const peer = await importPeerPublicKey(bytesToBase64(rawPointOf(BOB_JWK)));
    expect(hex(await deriveAesKeyBytes(await privateKeyOf(ALICE_JWK), peer))).toBe(
      SHARED_AES_KEY_HEX,
    );
  });

  it('accepts base64 SPKI DER and gives the pinned secret', async () => {
    const fromRaw = await importPeerPublicKey(bytesToBase64(rawPointOf(BOB_JWK)));
    const spki = await exportPublicKeySpki(fromRaw);
    expect(Buffer.from(spki, 'base64')).toHaveLength(91);
    const peer = await importPeerPublicKey(spki);
    expect(hex(await deriveAesKeyBytes(await privateKeyOf(ALICE_JWK), peer))).toBe(
      SHARED_AES_KEY_HEX,
    );
  });

  it('refuses a point that is not on the curve, raw or in SPKI', async () => {
    const raw = rawPointOf(BOB_JWK);
    raw[64] = (raw[64] ?? 0) ^ 1;
    await expect(importPeerPublicKey(bytesToBase64(raw))).rejects.toThrow(InvalidPublicKeyError);
    const spki = Buffer.from(
      await exportPublicKeySpki((await generateEcdhKeyPair()).publicKey),
      'base64',
    );
    spki[90] = (spki[90] ?? 0) ^ 1;
    await expect(importPeerPublicKey(spki.toString('base64'))).rejects.toThrow(
      InvalidPublicKeyError,
    );
  });

  it('refuses a key on another curve', async () => {
    const p384 = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, true, [
      'deriveBits',
    ]);
    const spki = new Uint8Array(await subtle.exportKey('spki', p384.publicKey));
    await expect(importPeerPublicKey(bytesToBase64(spki))).rejects.toThrow(InvalidPublicKeyError);
  });

  it.each([
    ['bad base64', 'this is not base64'],
    ['empty text', ''],
    ['65 zero bytes', bytesToBase64(new Uint8Array(65))],
    [
      'the all-zero point',
      bytesToBase64(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 0))),
    ],
    ['random garbage', bytesToBase64(Uint8Array.from({ length: 91 }, (_, i) => (i * 37) % 256))],
  ])('refuses %s', async (_name, text) => {
    await expect(importPeerPublicKey(text)).rejects.toThrow(InvalidPublicKeyError);
  });
});

describe('key pairs', () => {
  it('exports a private key as PKCS8 when asked and derives the same secret after re-import', async () => {
    const server = await generateEcdhKeyPair({ extractablePrivateKey: true });
    const client = await generateEcdhKeyPair();
    const stored = await importPrivateKeyPkcs8(await exportPrivateKeyPkcs8(server.privateKey));
    const a = await deriveAesKeyBytes(stored, client.publicKey);
    const b = await deriveAesKeyBytes(client.privateKey, server.publicKey);
    expect(hex(a)).toBe(hex(b));
  });

  it('keeps a private key unexportable by default', async () => {
    const pair = await generateEcdhKeyPair();
    await expect(exportPrivateKeyPkcs8(pair.privateKey)).rejects.toThrow();
  });
});
