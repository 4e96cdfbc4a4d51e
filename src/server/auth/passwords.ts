// argon2id with OWASP's parameters (m=19 MiB, t=2, p=1), stored as PHC strings.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { isCommonPassword } from './common-passwords.ts';

const OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // Without a hash, verify against a throwaway one anyway so that unknown users and wrong
  // passwords take the same time.
  const target = hash ?? (await dummyHash());
  try {
    const ok = await argon2.verify(target, password);
    return ok && hash !== null;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * A password that passes the spec's rule (letters and digits, at least one of each) and the
 * password rule of beyond-spec.md (not a common password: drawn again should it ever be one).
 */
export function generatePassword(length = 14): string {
  for (;;) {
    const password = drawPassword(length);
    if (!isCommonPassword(password)) return password;
  }
}

function drawPassword(length: number): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const bytes = randomBytes(length);
  const chars = Array.from(bytes, (b) => all[b % all.length] ?? 'a');
  chars[0] = letters[(bytes[0] ?? 0) % letters.length] ?? 'a';
  chars[1] = digits[(bytes[1] ?? 0) % digits.length] ?? '2';
  return chars.join('');
}
