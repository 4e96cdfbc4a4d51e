// ECDH P-256 key handling and the shared AES key of the spec (section 9, wire-protocol.md
// "Secure session" item 3): secret = ECDH x-coordinate (32 bytes), AES key = SHA-256(secret).
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { InvalidPublicKeyError } from './errors.ts';
import { subtle, type CryptoKey, type CryptoKeyPair } from './webcrypto.ts';

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const RAW_POINT_LENGTH = 65;
const UNCOMPRESSED_POINT_PREFIX = 0x04;

/**
 * A fresh P-256 key pair. The public key is always exportable; the private key only when
 * asked (the server stores a pending handshake's private key between its two calls).
 */
export async function generateEcdhKeyPair(
  options: { extractablePrivateKey?: boolean } = {},
): Promise<CryptoKeyPair> {
  const pair = await subtle().generateKey(ECDH, options.extractablePrivateKey === true, [
    'deriveBits',
  ]);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** base64 SPKI DER of a public key. */
export async function exportPublicKeySpki(key: CryptoKey): Promise<string> {
  return bytesToBase64(new Uint8Array(await subtle().exportKey('spki', key)));
}

export async function exportPrivateKeyPkcs8(key: CryptoKey): Promise<string> {
  return bytesToBase64(new Uint8Array(await subtle().exportKey('pkcs8', key)));
}

export async function importPrivateKeyPkcs8(base64: string): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', base64ToBytes(base64), ECDH, false, ['deriveBits']);
}

function decodeKeyBytes(base64: string): Uint8Array<ArrayBuffer> {
  try {
    return base64ToBytes(base64);
  } catch {
    throw new InvalidPublicKeyError('The public key is not valid base64.');
  }
}

/**
 * A peer's public key from base64 SPKI DER or a raw 65-byte uncompressed point. WebCrypto
 * checks the point lies on P-256 on import (an off-curve point would leak the private key
 * through invalid-curve attacks), so any import failure is an InvalidPublicKeyError.
 */
export async function importPeerPublicKey(base64: string): Promise<CryptoKey> {
  const bytes = decodeKeyBytes(base64);
  const isRawPoint = bytes.length === RAW_POINT_LENGTH && bytes[0] === UNCOMPRESSED_POINT_PREFIX;
  try {
    return await subtle().importKey(isRawPoint ? 'raw' : 'spki', bytes, ECDH, true, []);
  } catch {
    throw new InvalidPublicKeyError();
  }
}

/** SHA-256 of the 32-byte ECDH x-coordinate: the raw AES-256 key bytes. */
export async function deriveAesKeyBytes(
  privateKey: CryptoKey,
  peerPublicKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  const secret = await subtle().deriveBits(
    { name: 'ECDH', public: peerPublicKey },
    privateKey,
    256,
  );
  return new Uint8Array(await subtle().digest('SHA-256', secret));
}

/** An AES-GCM-256 key from 32 raw bytes (e.g. the server's stored session key). */
export async function importAesKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function deriveAesKey(
  privateKey: CryptoKey,
  peerPublicKey: CryptoKey,
): Promise<CryptoKey> {
  return importAesKey(await deriveAesKeyBytes(privateKey, peerPublicKey));
}
