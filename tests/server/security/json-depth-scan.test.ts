// The depth scan behind the JSON depth limit (json-depth.test.ts tests it over HTTP).
import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH, valueTooDeep } from '#server/security/json-depth';

describe('jsonTooDeep', () => {
  it('is the 64 levels of beyond-spec.md', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
  });

  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonTooDeep('[[1]]', 2)).toBe(false);
    expect(jsonTooDeep('[[[1]]]', 2)).toBe(true);
    expect(jsonTooDeep('{"a":{"b":{}}}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":{"b":{"c":[]}}}', 3)).toBe(true);
    expect(jsonTooDeep('["[[[[", "{{{{"]', 1)).toBe(false);
    expect(jsonTooDeep('["\\"[[[[", "\\\\", [[]]]', 2)).toBe(true);
    expect(jsonTooDeep('["\\"[[[[", "\\\\", []]', 2)).toBe(false);
  });

  it('reads 100,000 levels in one pass without recursion', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonTooDeep(text)).toBe(true);
    expect(valueTooDeep(JSON.parse(text))).toBe(true);
  });

  it('judges a parsed value the same way', () => {
    expect(valueTooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(valueTooDeep({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(valueTooDeep('[[[[[', 1)).toBe(false);
  });
});
