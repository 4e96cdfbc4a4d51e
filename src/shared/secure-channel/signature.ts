// The handshake signature: base64 HMAC-SHA-256(client key, clientId + timestamp ms).
// The client key ships in the web bundle, so this identifies the client build; it is not a
// security boundary (wire-protocol.md).
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { subtle, utf8, type CryptoKey } from './webcrypto.ts';

async function hmacKey(clientAuthKey: string): Promise<CryptoKey> {
  return subtle().importKey('raw', utf8(clientAuthKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function signHandshake(
  clientAuthKey: string,
  clientId: string,
  timestampMs: number,
): Promise<string> {
  const key = await hmacKey(clientAuthKey);
  const mac = await subtle().sign('HMAC', key, utf8(clientId + String(timestampMs)));
  return bytesToBase64(new Uint8Array(mac));
}

/**
 * Verifies a signature over clientId + the timestamp exactly as sent. subtle.verify compares
 * in constant time; a signature that is not base64 simply does not verify.
 */
export async function verifyHandshakeSignature(
  clientAuthKey: string,
  clientId: string,
  timestampText: string,
  signature: string,
): Promise<boolean> {
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = base64ToBytes(signature);
  } catch {
    return false;
  }
  const key = await hmacKey(clientAuthKey);
  return subtle().verify('HMAC', key, mac, utf8(clientId + timestampText));
}
