// fast-check generators of hostile requests, built from the route table (so coverage follows
// the route list): a route, a caller, and one mutation that makes the request invalid by
// construction (every reply must be a 4xx), plus unknown extra fields that must change nothing.
import fc from 'fast-check';
import { MAX_ID } from '#shared/contracts/ids';
import { CALLER_KINDS, type CallerKind } from '../route-matrix/cast.ts';
import { routeKey, ROUTES, type RouteEntry } from '../route-matrix/routes.table.ts';

export type Mutation =
  | { kind: 'badParam'; param: string; value: string }
  | { kind: 'badField'; pick: number; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'notObject'; body: unknown }
  | { kind: 'poisoned'; key: '__proto__' | 'constructor' }
  | { kind: 'badJson'; cut: number }
  | { kind: 'nul'; text: string }
  | { kind: 'badDate'; field: 'startTime' | 'endTime'; value: unknown }
  | { kind: 'badStatusQuery'; value: string }
  | { kind: 'forgedAdminUsername' }
  | { kind: 'crossSite'; header: 'sec-fetch-site' | 'origin'; value: string }
  | { kind: 'formPost'; contentType: string; text: string }
  | { kind: 'unknownSession'; sessionId: string }
  | { kind: 'flippedBit'; pick: number }
  | { kind: 'replayedIv'; pick: number }
  | { kind: 'badBase64'; text: string }
  | { kind: 'tooDeep'; depth: number; sealed: boolean }
  | { kind: 'swappedSession' };

export interface HostileCase {
  entry: RouteEntry;
  caller: CallerKind;
  mutation: Mutation;
  /** Unknown fields added to a write's body: ignored by the server, never a rescue. */
  extras: Record<string, unknown>;
}

const isWrite = (e: RouteEntry) => e.method !== 'GET';
const isHandshake = (e: RouteEntry) => e.path.startsWith('/api/security/');
const paramsOf = (e: RouteEntry) => [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
const DATE_ROUTES = new Set(['POST /api/admin/rounds/create', 'PUT /api/admin/rounds/:roundId']);

/** Huge, fractional, negative: no id, quantity or count accepts one, no text field a number. */
const hostileNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, MAX_ID + 1, -1, 0.5, 1.0000001);

/** Longer than every text limit of the API (the longest is 5,000), in assorted scripts. */
const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'ẍ', '😀', '\ud800', 'ن', '\u202e'),
    fc.integer({ min: 5_001, max: 40_000 }),
  )
  .map(([unit, n]) => unit.repeat(n));

/** A value of the wrong type (or out of range) for every field of every route body. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom({}, [], [[1]], true, false, { $ne: null }, { toString: 'x' }),
  hostileNumber,
  hugeString,
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
);

/** Path values that are not ids (or name no row): each route answers 400 or 404. */
const badPathValue = fc.oneof(
  fc.constantFrom('-1', '0', String(MAX_ID + 1), '1e3', '1.5', '0x10', 'NaN', 'Infinity'),
  fc.constantFrom('99999999999999999999999', '__proto__', 'constructor', '١٢٣', '%00', '\u0000'),
  fc.constantFrom('../../etc/passwd', 'a'.repeat(65), String(MAX_ID), ''),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => `${s}ẋ`),
);

const badDate: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', '2026-12-01T25:61:00Z'),
  fc.constantFrom('yesterday', '', '   ', '+275760-09-13T00:00:00.001Z', '0000-00-00T00:00:00Z'),
  fc.constantFrom('2026-12-01T18:00:00+99:00', '1e12', 'T'.repeat(65), '２０２６-１２-０１T18:00Z'),
  fc.integer(),
  badValue,
);

/** Origins that are not the server's own host. */
const foreignOrigin = fc.oneof(
  fc.constantFrom('https://evil.example', 'null', 'not a url', 'http://127.0.0.1.evil.example'),
  fc.webUrl().map((u) => new URL(u).origin),
);

const extraKey = fc.string({ unit: 'grapheme', maxLength: 12 }).map((k) => `x_${k}`);
const extras = fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

function mutationsOf(entry: RouteEntry): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [
    fc.constant({ kind: 'forgedAdminUsername' as const }),
    fc.record({
      kind: fc.constant('crossSite' as const),
      header: fc.constant('sec-fetch-site' as const),
      value: fc.constant('cross-site'),
    }),
    fc.record({
      kind: fc.constant('crossSite' as const),
      header: fc.constant('origin' as const),
      value: foreignOrigin,
    }),
    fc.record({ kind: fc.constant('nul' as const), text: fc.string().map((s) => `${s}\u0000`) }),
  ];
  const params = paramsOf(entry);
  if (params.length > 0) {
    const param = fc.constantFrom(...params);
    out.push(fc.record({ kind: fc.constant('badParam' as const), param, value: badPathValue }));
  }
  if (!isHandshake(entry)) {
    const sessionId = fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/);
    out.push(fc.record({ kind: fc.constant('unknownSession' as const), sessionId }));
    out.push(fc.constant({ kind: 'swappedSession' as const }));
  }
  if (entry.body !== undefined) {
    const pick = fc.nat();
    out.push(fc.record({ kind: fc.constant('badField' as const), pick, value: badValue }));
    const body = fc.constantFrom<unknown>([], [1, 2], 'text', 42, true, false);
    out.push(fc.record({ kind: fc.constant('notObject' as const), body }));
  }
  if (entry.required !== undefined && entry.required.length > 0) {
    const field = fc.constantFrom(...entry.required);
    out.push(fc.record({ kind: fc.constant('missing' as const), field }));
  }
  if (DATE_ROUTES.has(routeKey(entry.method, entry.path))) {
    const field = fc.constantFrom('startTime' as const, 'endTime' as const);
    out.push(fc.record({ kind: fc.constant('badDate' as const), field, value: badDate }));
  }
  if (entry.path === '/api/orders/all') {
    const value = fc.oneof(
      fc.constantFrom('BOGUS', 'pending ', ''),
      fc.string({ minLength: 1 }).map((s) => `${s}ẋ`),
    );
    out.push(fc.record({ kind: fc.constant('badStatusQuery' as const), value }));
  }
  if (isWrite(entry)) {
    out.push(...writeMutations());
  }
  return out;
}

function writeMutations(): fc.Arbitrary<Mutation>[] {
  const formType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  );
  const badBase64 = fc.oneof(
    fc.string({ maxLength: 200 }).map((s) => `!${s}`),
    fc.uint8Array({ maxLength: 27 }).map((b) => Buffer.from(b).toString('base64')),
    fc.constantFrom('', '====', 'QUJD\nREVG', 'A'.repeat(41)),
  );
  return [
    fc.record({
      kind: fc.constant('poisoned' as const),
      key: fc.constantFrom('__proto__' as const, 'constructor' as const),
    }),
    fc.record({ kind: fc.constant('badJson' as const), cut: fc.nat() }),
    fc.record({ kind: fc.constant('formPost' as const), contentType: formType, text: fc.string() }),
    fc.record({ kind: fc.constant('flippedBit' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('replayedIv' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('badBase64' as const), text: badBase64 }),
    // beyond-spec.md "Cheap refusals": deeper than 64 levels, plain or sealed, with a key.
    fc.record({
      kind: fc.constant('tooDeep' as const),
      depth: fc.oneof(fc.integer({ min: 65, max: 300 }), fc.constant(100_000)),
      sealed: fc.boolean(),
    }),
  ];
}

/** Callers who may use the route (they get past access, so the input itself is judged). */
function allowedCallers(entry: RouteEntry): CallerKind[] {
  return CALLER_KINDS.filter((kind) => entry.expect[kind] < 300);
}

function caseOf(entry: RouteEntry): fc.Arbitrary<HostileCase> {
  const allowed = allowedCallers(entry);
  const caller = fc.oneof(
    { arbitrary: fc.constantFrom(...(allowed.length > 0 ? allowed : CALLER_KINDS)), weight: 4 },
    { arbitrary: fc.constantFrom(...CALLER_KINDS), weight: 1 },
  );
  return fc.record({
    entry: fc.constant(entry),
    caller,
    mutation: fc.oneof(...mutationsOf(entry)),
    extras,
  });
}

/** One hostile request on any route of the table, each route equally likely. */
export const hostileCase: fc.Arbitrary<HostileCase> = fc.oneof(...ROUTES.map(caseOf));
