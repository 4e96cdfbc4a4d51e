// A hostile case → the request on the wire: the matrix's valid request for that route and
// caller (cell.ts), then the one mutation that makes it invalid.
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/kysely';
import {
  base64ToBytes,
  bytesToBase64,
  encryptJson,
  encryptText,
} from '#shared/secure-channel/index';
import { accountOf } from '../route-matrix/cast.ts';
import { cellRequest, type CellRequest } from '../route-matrix/cell.ts';
import type { WireRequest } from '../route-matrix/http.ts';
import { fillPath, type Body, type CellInput } from '../route-matrix/routes.table.ts';
import type { HostileCase, Mutation } from './arbitraries.ts';
import { encryptedHeaders, type HostileWorld } from './world.ts';

/** Headers a cross-site form or script could not add (they force a CORS preflight). */
const PREFLIGHTED = ['admin-username', 'x-session-id', 'idempotency-key', 'content-type'];

function withBody(request: WireRequest, body: string, headers: Record<string, string>) {
  return { ...request, body, headers: { ...request.headers, ...headers } };
}

function jsonBody(request: WireRequest, body: unknown): WireRequest {
  return withBody(request, JSON.stringify(body), { 'content-type': 'application/json' });
}

/** The cookie the caller sends, if any. */
function cookieOf(request: WireRequest): Record<string, string> {
  const cookie = request.headers?.cookie;
  return cookie === undefined ? {} : { cookie };
}

function flipBit(message: string, pick: number): string {
  const bytes = base64ToBytes(message);
  const bit = pick % (bytes.length * 8);
  bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
  return bytesToBase64(bytes);
}

async function encrypted(
  world: HostileWorld,
  cell: CellRequest,
  mutation: Mutation & { kind: 'flippedBit' | 'replayedIv' | 'badBase64' },
): Promise<WireRequest> {
  const headers = { ...encryptedHeaders(world.open), ...cookieOf(cell.request) };
  const plain = cell.body ?? {};
  if (mutation.kind === 'badBase64') return withBody(cell.request, mutation.text, headers);
  if (mutation.kind === 'flippedBit') {
    const message = await encryptJson(world.open.key, plain);
    return withBody(cell.request, flipBit(message, mutation.pick), headers);
  }
  const iv = world.spentIvs[mutation.pick % world.spentIvs.length];
  const message = await encryptText(world.open.key, JSON.stringify(plain), iv);
  return withBody(cell.request, message, headers);
}

/** The caller's valid request, sent through the session bound to somebody else's login. */
async function swapped(world: HostileWorld, cell: CellRequest): Promise<WireRequest> {
  const headers = { ...encryptedHeaders(world.bound), ...cookieOf(cell.request) };
  if (cell.body === null) {
    // A read has no body to seal: the session header (and the cookie) are the whole case.
    const read = withHeaders(cell.request, { 'x-session-id': world.bound.sessionId });
    return read;
  }
  return withBody(cell.request, await encryptJson(world.bound.key, cell.body), headers);
}

function formPost(cell: CellRequest, contentType: string, text: string): WireRequest {
  const headers = Object.fromEntries(
    Object.entries(cell.request.headers ?? {}).filter(([name]) => !PREFLIGHTED.includes(name)),
  );
  return { ...cell.request, headers: { ...headers, 'content-type': contentType }, body: text };
}

function withoutField(body: Body, field: string): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

/** Where the case's path was filled from: its template and the valid params. */
interface PathSource {
  template: string;
  params: Record<string, string | number>;
}

function withHeaders(request: WireRequest, headers: Record<string, string>): WireRequest {
  return { ...request, headers: { ...request.headers, ...headers } };
}

function poisoned(cell: CellRequest, key: string): WireRequest {
  const poison = `{"${key}":{"prototype":{"role":"ADMIN"},"role":"ADMIN"},`;
  return withBody(cell.request, poison + JSON.stringify(cell.body ?? {}).slice(1), {});
}

function truncated(cell: CellRequest, cut: number): WireRequest {
  const text = JSON.stringify(cell.body ?? {});
  return withBody(cell.request, text.slice(0, cut % text.length), {});
}

/**
 * The valid body with one more field nested `depth` levels deep in all, sent with an
 * Idempotency-Key (whose hash of the body once recursed into it): plain or sealed.
 */
async function tooDeep(
  world: HostileWorld,
  cell: CellRequest,
  m: Mutation & { kind: 'tooDeep' },
): Promise<WireRequest> {
  const rest = JSON.stringify(cell.body ?? {}).slice(1);
  const nested = '['.repeat(m.depth - 1) + ']'.repeat(m.depth - 1);
  const text = `{"deep":${nested}${rest === '}' ? '' : ','}${rest}`;
  const key = { 'idempotency-key': randomUUID() };
  if (!m.sealed)
    return withBody(cell.request, text, { 'content-type': 'application/json', ...key });
  const headers = { ...encryptedHeaders(world.open), ...cookieOf(cell.request), ...key };
  return withBody(cell.request, await encryptText(world.open.key, text), headers);
}

function withNul(cell: CellRequest, text: string): WireRequest {
  const request = cell.request;
  return request.method === 'GET'
    ? { ...request, query: { ...request.query, note: text } }
    : jsonBody(request, { ...cell.body, note: text });
}

/**
 * The generated value, unless it is right for the field after all: true and false are wrong
 * for every field but a boolean one (notification preferences), where their text is wrong.
 */
function wrongFor(body: Record<string, unknown>, field: string, value: unknown): unknown {
  return typeof value === 'boolean' && typeof body[field] === 'boolean' ? String(value) : value;
}

async function mutate(
  world: HostileWorld,
  cell: CellRequest,
  m: Mutation,
  path: PathSource,
): Promise<WireRequest> {
  const body = cell.body ?? {};
  switch (m.kind) {
    case 'badField': {
      const field = cell.fields[m.pick % cell.fields.length] ?? 'missingField';
      return jsonBody(cell.request, { ...body, [field]: wrongFor(body, field, m.value) });
    }
    case 'missing':
      return jsonBody(cell.request, withoutField(body, m.field));
    case 'notObject':
      return jsonBody(cell.request, m.body);
    case 'badDate':
      return jsonBody(cell.request, { ...body, [m.field]: m.value });
    case 'poisoned':
      return poisoned(cell, m.key);
    case 'badJson':
      return truncated(cell, m.cut);
    case 'nul':
      return withNul(cell, m.text);
    case 'badParam':
      return {
        ...cell.request,
        path: fillPath(path.template, { ...path.params, [m.param]: m.value }),
      };
    case 'badStatusQuery':
      return { ...cell.request, query: { ...cell.request.query, status: m.value } };
    case 'forgedAdminUsername':
      return withHeaders(cell.request, { 'admin-username': world.cast.otherAdmin.username });
    case 'crossSite':
      return withHeaders(cell.request, { [m.header]: m.value });
    case 'unknownSession':
      return withHeaders(cell.request, { 'x-session-id': m.sessionId });
    case 'formPost':
      return formPost(cell, m.contentType, m.text);
    case 'flippedBit':
    case 'replayedIv':
    case 'badBase64':
      return encrypted(world, cell, m);
    case 'swappedSession':
      return swapped(world, cell);
    case 'tooDeep':
      return tooDeep(world, cell, m);
  }
}

export async function buildHostile(
  hostile: HostileCase,
  world: HostileWorld,
  db: Db,
): Promise<WireRequest> {
  const input: CellInput = {
    scene: world.scene,
    cast: world.cast,
    kind: hostile.caller,
    account: accountOf(world.cast, hostile.caller),
    server: world.server,
    db,
  };
  const valid = await cellRequest(hostile.entry, input);
  const cell: CellRequest =
    valid.body === null ? valid : { ...valid, body: { ...hostile.extras, ...valid.body } };
  if (cell.body !== null) cell.request = jsonBody(cell.request, cell.body);
  const path = { template: hostile.entry.path, params: hostile.entry.params?.(input) ?? {} };
  return mutate(world, cell, hostile.mutation, path);
}
