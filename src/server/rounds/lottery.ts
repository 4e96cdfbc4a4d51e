// The lottery's draw: `count` items chosen uniformly at random without replacement, by a
// partial Fisher–Yates shuffle over a copy, with a cryptographic generator (crypto.randomInt)
// so that no one can predict or bias who is selected.
import { randomInt } from 'node:crypto';

/** randomInt(min, max): an integer in [min, max). */
export type RandomInt = (min: number, max: number) => number;

export function drawUniformly<T>(
  items: readonly T[],
  count: number,
  random: RandomInt = randomInt,
): T[] {
  const pool = [...items];
  const take = Math.max(0, Math.min(count, pool.length));
  for (let i = 0; i < take; i++) {
    const j = random(i, pool.length);
    const picked = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = picked;
  }
  return pool.slice(0, take);
}
