// The secure channel (spec sections 7 and 9; wire-protocol.md "Secure session"): one
// WebCrypto implementation for the browser, the service worker and Node.
export { Base64Error, base64ToBytes, bytesToBase64 } from './base64.ts';
export { DecryptError, InvalidPublicKeyError } from './errors.ts';
export {
  deriveAesKey,
  deriveAesKeyBytes,
  exportPrivateKeyPkcs8,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importAesKey,
  importPeerPublicKey,
  importPrivateKeyPkcs8,
} from './keys.ts';
export {
  decryptJson,
  decryptText,
  encryptJson,
  encryptText,
  IV_LENGTH,
  TAG_LENGTH,
  type DecryptedText,
} from './envelope.ts';
export { signHandshake, verifyHandshakeSignature } from './signature.ts';
export {
  CLIENT_ID_HEADER,
  COMPLETE_HANDSHAKE_PATH,
  establishSecureSession,
  HandshakeError,
  INITIATE_HANDSHAKE_PATH,
  SESSION_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type FetchLike,
  type FetchLikeInit,
  type FetchLikeResponse,
  type HandshakeFailure,
  type HandshakeOptions,
  type SecureSession,
} from './handshake-client.ts';
export type { CryptoKey, CryptoKeyPair } from './webcrypto.ts';
