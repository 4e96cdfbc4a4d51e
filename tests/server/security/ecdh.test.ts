// The server's synchronous P-256 key work (src/server/security/ecdh.ts) against the shared
// WebCrypto keys the browser uses: the same AES key on both sides, from SPKI or a raw point; the
// same keys refused; a pending key stored by the WebCrypto-era server (PKCS#8) still completes.
import { subtle } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  deriveAesKeyBytes,
  exportPrivateKeyPkcs8,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importPeerPublicKey,
  InvalidPublicKeyError,
} from '#shared/secure-channel/index';
import { clientPublicPoint, deriveSessionKey, generateServerKeyPair } from '#server/security/ecdh';
import {
  ALICE_JWK,
  BOB_JWK,
  rawPointOf,
  SHARED_AES_KEY_HEX,
} from '../../shared/secure-channel/fixed-keys.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const ECDH_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** DER header of an SPKI holding a compressed (33-byte) P-256 point. */
const COMPRESSED_SPKI_PREFIX = '3039301306072a8648ce3d020106082a8648ce3d030107032200';

function compressedSpkiOf(jwk: typeof ALICE_JWK): string {
  const point = rawPointOf(jwk);
  const prefix = (point[64] ?? 0) % 2 === 0 ? '02' : '03';
  const x = Buffer.from(point.subarray(1, 33)).toString('hex');
  return Buffer.from(COMPRESSED_SPKI_PREFIX + prefix + x, 'hex').toString('base64');
}

/** Does the shared WebCrypto import take this key? The server must agree with it. */
async function webCryptoAccepts(base64: string): Promise<boolean> {
  return importPeerPublicKey(base64).then(
    () => true,
    (error: unknown) => {
      if (error instanceof InvalidPublicKeyError) return false;
      throw error;
    },
  );
}

function serverAccepts(base64: string): boolean {
  try {
    clientPublicPoint(base64);
    return true;
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) return false;
    throw error;
  }
}

describe('server ECDH', () => {
  it('gives the pinned AES key from a raw point, an SPKI and a compressed SPKI', () => {
    const alice = Buffer.from(ALICE_JWK.d, 'base64url').toString('base64');
    const spki = Buffer.concat([
      Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex'),
      rawPointOf(BOB_JWK),
    ]).toString('base64');
    for (const bob of [bytesToBase64(rawPointOf(BOB_JWK)), spki, compressedSpkiOf(BOB_JWK)]) {
      expect(hex(deriveSessionKey(alice, clientPublicPoint(bob)))).toBe(SHARED_AES_KEY_HEX);
    }
  });

  it('agrees with a WebCrypto client on the key, both ways', async () => {
    const server = generateServerKeyPair();
    const client = await generateEcdhKeyPair();
    const clientSpki = await exportPublicKeySpki(client.publicKey);
    const onServer = deriveSessionKey(server.privateKey, clientPublicPoint(clientSpki));
    const serverKey = await importPeerPublicKey(server.publicKeySpki);
    expect(hex(onServer)).toBe(hex(await deriveAesKeyBytes(client.privateKey, serverKey)));
  });

  it('makes a fresh key pair every time, its public key a 91-byte SPKI', () => {
    const a = generateServerKeyPair();
    const b = generateServerKeyPair();
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(a.publicKeySpki).not.toBe(b.publicKeySpki);
    expect(Buffer.from(a.publicKeySpki, 'base64')).toHaveLength(91);
    expect(Buffer.from(a.privateKey, 'base64')).toHaveLength(32);
  });

  it('stores every private key as 32 bytes, also the one in 256 whose scalar starts with 0', () => {
    // 4,000 pairs all miss a leading zero byte with probability (255/256)^4000, about 2e-7.
    const client = clientPublicPoint(bytesToBase64(rawPointOf(BOB_JWK)));
    let leadingZeros = 0;
    for (let i = 0; i < 4000; i++) {
      const pair = generateServerKeyPair();
      const scalar = Buffer.from(pair.privateKey, 'base64');
      expect(scalar).toHaveLength(32);
      if (scalar[0] === 0) leadingZeros += 1;
      expect(deriveSessionKey(pair.privateKey, client)).toHaveLength(32);
    }
    expect(leadingZeros).toBeGreaterThan(0);
  });

  it('still completes with a PKCS#8 key that a WebCrypto-era process stored', async () => {
    const old = await generateEcdhKeyPair({ extractablePrivateKey: true });
    const stored = await exportPrivateKeyPkcs8(old.privateKey);
    const client = await generateEcdhKeyPair();
    const point = clientPublicPoint(await exportPublicKeySpki(client.publicKey));
    expect(hex(deriveSessionKey(stored, point))).toBe(
      hex(await deriveAesKeyBytes(old.privateKey, client.publicKey)),
    );
  });

  it('refuses exactly the keys WebCrypto refuses', async () => {
    const spki = Buffer.from(
      await exportPublicKeySpki((await generateEcdhKeyPair()).publicKey),
      'base64',
    );
    const offCurveSpki = Buffer.from(spki);
    offCurveSpki[90] = (offCurveSpki[90] ?? 0) ^ 1;
    const offCurveRaw = rawPointOf(BOB_JWK);
    offCurveRaw[64] = (offCurveRaw[64] ?? 0) ^ 1;
    const p384 = await subtle.generateKey({ ...ECDH_P256, namedCurve: 'P-384' }, true, [
      'deriveBits',
    ]);
    const p384Spki = Buffer.from(await subtle.exportKey('spki', p384.publicKey));
    const compressedRaw = Buffer.from(compressedSpkiOf(ALICE_JWK), 'base64').subarray(26);
    const cases: [string, string, boolean][] = [
      ['an SPKI', spki.toString('base64'), true],
      ['a raw point', bytesToBase64(rawPointOf(ALICE_JWK)), true],
      ['a compressed SPKI', compressedSpkiOf(ALICE_JWK), true],
      ['an off-curve SPKI', offCurveSpki.toString('base64'), false],
      ['an off-curve raw point', bytesToBase64(offCurveRaw), false],
      ['a P-384 SPKI', p384Spki.toString('base64'), false],
      ['a raw compressed point', compressedRaw.toString('base64'), false],
      ['65 zero bytes', bytesToBase64(new Uint8Array(65)), false],
      [
        'the all-zero point',
        bytesToBase64(Uint8Array.from({ length: 65 }, (_, i) => +!i * 4)),
        false,
      ],
      ['91 bytes of garbage', bytesToBase64(new Uint8Array(91).fill(7)), false],
      ['an SPKI as base64url', spki.toString('base64url'), false],
      ['an SPKI with a line break', `${spki.toString('base64')}\n`, false],
      ['an empty text', '', false],
    ];
    for (const [name, key, accepted] of cases) {
      expect([name, serverAccepts(key)]).toEqual([name, accepted]);
      expect([name, await webCryptoAccepts(key)]).toEqual([name, accepted]);
    }
  });
});
