// Two fixed P-256 private keys (generated once) and what they must produce, cross-checked
// once against node:crypto's independent ECDH/AES-GCM implementation when pinned.
import { subtle } from 'node:crypto';

export const ALICE_JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'XazCNL1klJLvvmJxJwzi6lVj2u3ycDQZpve1ZoddVWM',
  y: 'T7CqDq1ft1EjNh7Jyc552yonA5yvBNEnE5j9oLmF6DE',
  d: '6biU0iPaa3WUajYcvbXgbYwURMrmAYeQx8-8UW3nb9A',
};
export const BOB_JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'guyDRPZ6g3BC6O7pTBjCgskHlgrOi3Z3eZ4_2LuU0qE',
  y: 'B6k28O5Hy9POz33eiCrSHdCkmOccy2FDcVcvjm8LfmM',
  d: 'jzyEEAiB-LtLC5rePfqOGZHDiSQDxStvkSu-qCbGrww',
};
/** SHA-256 of the ECDH x-coordinate between ALICE and BOB. */
export const SHARED_AES_KEY_HEX =
  'c7dc68e82b99e87b5a12ca6ab4d2b3c5bf59527e11ecef022ef1fdc0840a0341';
export const VECTOR_PLAINTEXT = '{"username":"alice","password":"s3cret-pass"}';
/** IV bytes 1..12. */
export const VECTOR_IV = Uint8Array.from({ length: 12 }, (_, i) => i + 1);
export const VECTOR_MESSAGE =
  'AQIDBAUGBwgJCgsMB/xJcmgrAdO1a60c28cwEwBT/hPwLX68WoNHeYdp1ELdaJ9V3XS/7hbTFT4nwGhntTY75LTtou+wRRONvA==';

export async function privateKeyOf(jwk: typeof ALICE_JWK) {
  return subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
}

export async function publicKeyOf(jwk: typeof ALICE_JWK) {
  const pub = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  return subtle.importKey('jwk', pub, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
}

function b64urlToBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64url'));
}

/** The raw 65-byte uncompressed point 04 || x || y. */
export function rawPointOf(jwk: typeof ALICE_JWK): Uint8Array {
  const out = new Uint8Array(65);
  out[0] = 4;
  out.set(b64urlToBytes(jwk.x), 1);
  out.set(b64urlToBytes(jwk.y), 33);
  return out;
}
