// The server's P-256 key work for the handshake (wire-protocol.md "Secure session" items 1-3)
// with node:crypto's synchronous ECDH on raw points, byte-compatible with the WebCrypto code of
// src/shared/secure-channel/keys.ts that the browser runs.
// Why: through WebCrypto one handshake cost the server seven thread-pool jobs, and the key
// formats went through OpenSSL's encoders and decoders (importing the stored PKCS#8 key alone
// took ~0.9 ms, more than the ECDH itself). Here the private key is 32 raw bytes, the public key
// a 65-byte point behind a fixed SPKI header, and only the curve arithmetic is real work.
// tests/server/security/ecdh.test.ts proves both sides agree and refuse the same keys.
import { createECDH, createHash, createPrivateKey, createPublicKey, ECDH } from 'node:crypto';
import { InvalidPublicKeyError } from '#shared/secure-channel/index';

const CURVE = 'prime256v1';
/** DER of SubjectPublicKeyInfo{id-ecPublicKey, prime256v1} up to the 65-byte point. */
const SPKI_P256_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const RAW_POINT_LENGTH = 65;
const UNCOMPRESSED_POINT_PREFIX = 0x04;
const RAW_PRIVATE_KEY_LENGTH = 32;
const BASE64_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface ServerKeyPair {
  /** base64 SPKI DER, as the wire protocol sends it. */
  publicKeySpki: string;
  /** base64 of the 32-byte private scalar, kept only while the handshake is pending. */
  privateKey: string;
}

/** A fresh P-256 key pair (OpenSSL's random scalar), one per handshake. */
export function generateServerKeyPair(): ServerKeyPair {
  const ecdh = createECDH(CURVE);
  const point = ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes (one scalar in 256 has one): padded back to 32, so
  // the stored form cannot be taken for PKCS#8.
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.alloc(RAW_PRIVATE_KEY_LENGTH);
  scalar.copy(privateKey, RAW_PRIVATE_KEY_LENGTH - scalar.length);
  return {
    publicKeySpki: Buffer.concat([SPKI_P256_PREFIX, point]).toString('base64'),
    privateKey: privateKey.toString('base64'),
  };
}

/** Strict standard base64, as the shared client's decoder (Buffer.from alone skips junk). */
function strictBase64(text: string): Buffer {
  const bytes = BASE64_SHAPE.test(text) ? Buffer.from(text, 'base64') : undefined;
  if (bytes?.toString('base64') !== text) {
    throw new InvalidPublicKeyError('The public key is not valid base64.');
  }
  return bytes;
}

/** Any other SPKI encoding WebCrypto would import (a compressed point, say): the slow path. */
function pointOfOtherSpki(der: Buffer): Buffer {
  const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== CURVE) {
    throw new InvalidPublicKeyError();
  }
  const { x, y } = key.export({ format: 'jwk' });
  if (x === undefined || y === undefined) throw new InvalidPublicKeyError();
  const prefix = Buffer.of(UNCOMPRESSED_POINT_PREFIX);
  return Buffer.concat([prefix, Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
}

/**
 * The client's public point from base64 SPKI DER or a raw 65-byte uncompressed point, checked
 * to lie on P-256 (an off-curve point would leak the private key through invalid-curve
 * attacks). Anything else is an InvalidPublicKeyError, as with WebCrypto's import.
 */
export function clientPublicPoint(base64: string): Buffer {
  const bytes = strictBase64(base64);
  const isRawPoint = bytes.length === RAW_POINT_LENGTH && bytes[0] === UNCOMPRESSED_POINT_PREFIX;
  const isPlainSpki =
    bytes.length === SPKI_P256_PREFIX.length + RAW_POINT_LENGTH &&
    bytes.subarray(0, SPKI_P256_PREFIX.length).equals(SPKI_P256_PREFIX);
  try {
    const point = isRawPoint
      ? bytes
      : isPlainSpki
        ? bytes.subarray(SPKI_P256_PREFIX.length)
        : pointOfOtherSpki(bytes);
    // convertKey decodes the point, which OpenSSL refuses unless it is on the curve.
    return ECDH.convertKey(point, CURVE, undefined, undefined, 'uncompressed') as Buffer;
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) throw error;
    throw new InvalidPublicKeyError();
  }
}

/**
 * The stored private scalar. A pending row written by a process of the WebCrypto era holds
 * base64 PKCS#8 instead; such rows live a minute, but a rolling restart may meet one.
 */
function privateScalarOf(stored: string): Buffer {
  const bytes = Buffer.from(stored, 'base64');
  if (bytes.length === RAW_PRIVATE_KEY_LENGTH) return bytes;
  const { d } = createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' }).export({
    format: 'jwk',
  });
  if (d === undefined) throw new Error('The stored handshake key has no private part.');
  return Buffer.from(d, 'base64url');
}

/** SHA-256 of the 32-byte ECDH x-coordinate: the session's AES-256 key bytes. */
export function deriveSessionKey(storedPrivateKey: string, clientPoint: Buffer): Buffer {
  const ecdh = createECDH(CURVE);
  ecdh.setPrivateKey(privateScalarOf(storedPrivateKey));
  return createHash('sha256').update(ecdh.computeSecret(clientPoint)).digest();
}
