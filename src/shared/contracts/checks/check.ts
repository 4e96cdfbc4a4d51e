// Reply checks without zod (issue 21: a role's home loads at most 180 KB gzip of JavaScript,
// and zod is 26 of them). The few shapes a home reads (its mirrored lists, the replies of its
// own calls) are written again here with these combinators, which judge a value the way the
// zod contract does: the same values pass, the same are refused, unknown keys are stripped,
// defaults fill in. `tests/shared/contracts/reply-checks.test.ts` holds each check to its zod
// schema over every one-field change of a valid reply. A check has zod's `safeParse`, so
// `apiGet(path, { schema })` takes either.

export type CheckResult<T> = { success: true; data: T } | { success: false };

export interface Check<T> {
  safeParse(input: unknown): CheckResult<T>;
}

/** A check that is also the value of an absent object key (optional, nullish, default). */
export interface Reader<T> extends Check<T> {
  /** The value read, or FAIL. */
  read(input: unknown): T | typeof FAIL;
}

const FAIL: unique symbol = Symbol('fail');

export type Output<C> = C extends Check<infer T> ? T : never;

function reader<T>(read: (input: unknown) => T | typeof FAIL): Reader<T> {
  return {
    read,
    safeParse(input) {
      const data = read(input);
      return data === FAIL ? { success: false } : { success: true, data };
    },
  };
}

interface StringRules {
  /** Trimmed first (zod's `.trim()`): the output is the trimmed text. */
  trim?: boolean;
  min?: number;
  max?: number;
}

export function string(rules: StringRules = {}): Reader<string> {
  return reader((input) => {
    if (typeof input !== 'string') return FAIL;
    const text = rules.trim === true ? input.trim() : input;
    if (rules.min !== undefined && text.length < rules.min) return FAIL;
    if (rules.max !== undefined && text.length > rules.max) return FAIL;
    return text;
  });
}

interface NumberRules {
  /** A safe integer (zod 4's `.int()`). */
  int?: boolean;
  min?: number;
  max?: number;
}

/** A finite number (zod 4 refuses NaN and ±Infinity). */
export function number(rules: NumberRules = {}): Reader<number> {
  return reader((input) => {
    if (typeof input !== 'number' || !Number.isFinite(input)) return FAIL;
    if (rules.int === true && !Number.isSafeInteger(input)) return FAIL;
    if (rules.min !== undefined && input < rules.min) return FAIL;
    if (rules.max !== undefined && input > rules.max) return FAIL;
    return input;
  });
}

export function boolean(): Reader<boolean> {
  return reader((input) => (typeof input === 'boolean' ? input : FAIL));
}

export function literal<const T extends string | number | boolean | null>(value: T): Reader<T> {
  return reader((input) => (input === value ? value : FAIL));
}

export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return reader((input) => (values.includes(input as T) ? (input as T) : FAIL));
}

export function nullable<T>(inner: Reader<T>): Reader<T | null> {
  return reader((input) => (input === null ? null : inner.read(input)));
}

export function optional<T>(inner: Reader<T>): Reader<T | undefined> {
  return reader((input) => (input === undefined ? undefined : inner.read(input)));
}

export function nullish<T>(inner: Reader<T>): Reader<T | null | undefined> {
  return reader((input) => (input === undefined || input === null ? input : inner.read(input)));
}

/** zod's `.default(value)`: an absent (undefined) value is `value`, taken as it is. */
export function withDefault<T>(inner: Reader<T>, value: T): Reader<T> {
  return reader((input) => (input === undefined ? value : inner.read(input)));
}

function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

export function array<T>(item: Reader<T>, rules: { max?: number } = {}): Reader<T[]> {
  return reader((input) => {
    if (!Array.isArray(input)) return FAIL;
    if (rules.max !== undefined && input.length > rules.max) return FAIL;
    const out: T[] = [];
    for (const element of input as unknown[]) {
      const value = item.read(element);
      if (value === FAIL) return FAIL;
      out.push(value);
    }
    return out;
  });
}

/** String keys to values of one check (zod's `z.record(z.string(), value)`). */
export function record<T>(value: Reader<T>): Reader<Record<string, T>> {
  return reader((input) => {
    // zod takes only a plain object here (a Date is an object, not a record).
    if (!isRecord(input)) return FAIL;
    const prototype: unknown = Object.getPrototypeOf(input);
    if (prototype !== Object.prototype && prototype !== null) return FAIL;
    const out: Record<string, T> = {};
    for (const key of Object.keys(input)) {
      if (key === '__proto__') continue;
      const read = value.read(input[key]);
      if (read === FAIL) return FAIL;
      out[key] = read;
    }
    return out;
  });
}

export type Shape = Record<string, Reader<unknown>>;
export type ShapeOutput<S extends Shape> = { [K in keyof S]: Output<S[K]> };

/** An object with these keys; other keys are left out of the output (zod's default, strip). */
export function object<S extends Shape>(shape: S): Reader<ShapeOutput<S>> {
  const entries = Object.entries(shape);
  return reader((input) => {
    if (!isRecord(input)) return FAIL;
    const out: Record<string, unknown> = {};
    for (const [key, check] of entries) {
      const value = check.read(input[key]);
      if (value === FAIL) return FAIL;
      // An optional key the input lacks stays absent, as zod leaves it.
      if (value !== undefined || key in input) out[key] = value;
    }
    return out as ShapeOutput<S>;
  });
}

/** The success envelope (contracts/replies.ts successReply): status 'success' and a message. */
export function successReply<S extends Shape>(shape: S) {
  return object({ status: literal('success'), message: string(), ...shape });
}
