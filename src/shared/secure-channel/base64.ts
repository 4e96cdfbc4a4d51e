// Strict standard base64 (RFC 4648 §4, with padding). Written out by hand because atob/btoa
// are lenient (they skip whitespace) and are not typed in every runtime this module serves.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map<string, number>(
  Array.from({ length: ALPHABET.length }, (_, i) => [ALPHABET.charAt(i), i]),
);
const SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class Base64Error extends Error {
  constructor(message = 'Invalid base64 text.') {
    super(message);
    this.name = 'Base64Error';
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET.charAt((n >> 18) & 63) + ALPHABET.charAt((n >> 12) & 63);
    out += i + 1 < bytes.length ? ALPHABET.charAt((n >> 6) & 63) : '=';
    out += i + 2 < bytes.length ? ALPHABET.charAt(n & 63) : '=';
  }
  return out;
}

function sextet(text: string, index: number): number {
  return VALUES.get(text.charAt(index)) ?? 0;
}

/** Decodes standard padded base64; anything else (whitespace, url-safe alphabet, bad padding) throws Base64Error. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!SHAPE.test(text)) throw new Base64Error();
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (sextet(text, i) << 18) |
      (sextet(text, i + 1) << 12) |
      (sextet(text, i + 2) << 6) |
      sextet(text, i + 3);
    const triple = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    for (const byte of triple) if (o < out.length) out[o++] = byte;
  }
  // Non-canonical encodings (stray bits in the last sextet) would let two texts name one IV.
  if (bytesToBase64(out) !== text) throw new Base64Error();
  return out;
}
