// The lottery's draw: a subset of the requested size without repeats, uniform over the items
// (checked statistically with bounds wide enough never to fail by chance), and a partial
// Fisher–Yates that asks the generator only for indexes in [i, n).
import { describe, expect, it } from 'vitest';
import { drawUniformly } from '#server/rounds/lottery';

describe('drawUniformly', () => {
  it('draws min(count, n) distinct items from the list', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (const count of [0, 1, 3, 5, 9]) {
      const drawn = drawUniformly(items, count);
      expect(drawn).toHaveLength(Math.min(count, items.length));
      expect(new Set(drawn).size).toBe(drawn.length);
      for (const item of drawn) expect(items).toContain(item);
    }
    expect(drawUniformly([], 3)).toEqual([]);
    expect(drawUniformly(items, -2)).toEqual([]);
  });

  it('leaves the input untouched', () => {
    const items = [1, 2, 3, 4];
    drawUniformly(items, 2);
    expect(items).toEqual([1, 2, 3, 4]);
  });

  it('asks the generator for an index in [i, n) at each step', () => {
    const asked: [number, number][] = [];
    // Always take the last remaining item.
    const drawn = drawUniformly(['a', 'b', 'c', 'd'], 3, (min, max) => {
      asked.push([min, max]);
      return max - 1;
    });
    expect(asked).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
    expect(drawn).toEqual(['d', 'a', 'b']);
  });

  it('every item is equally likely (crypto generator, 12 000 draws of 2 from 4)', () => {
    const counts = new Map<string, number>();
    const draws = 12_000;
    for (let i = 0; i < draws; i++) {
      for (const item of drawUniformly(['a', 'b', 'c', 'd'], 2)) {
        counts.set(item, (counts.get(item) ?? 0) + 1);
      }
    }
    // Each item is drawn with probability 1/2: expected 6000, standard deviation about 55.
    for (const item of ['a', 'b', 'c', 'd']) {
      expect(counts.get(item)).toBeGreaterThan(5400);
      expect(counts.get(item)).toBeLessThan(6600);
    }
  });
});
