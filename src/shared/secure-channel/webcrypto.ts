// The WebCrypto types, taken from whatever globalThis.crypto is in the current build (DOM,
// WebWorker or @types/node), so one source compiles for the browser, the worker and Node.

export type SubtleCryptoLike = typeof globalThis.crypto.subtle;
export type CryptoKey = Awaited<ReturnType<SubtleCryptoLike['importKey']>>;
export interface CryptoKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

export function subtle(): SubtleCryptoLike {
  return globalThis.crypto.subtle;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}
