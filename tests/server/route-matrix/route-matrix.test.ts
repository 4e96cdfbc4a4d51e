// Issue 7 item 1: the complete caller matrix. Every /api route the server registers (read from
// the access plugin, so a new route without a table entry fails here) × every caller kind, over
// real HTTP on each dialect. Per cell: the status, the envelope of a refusal, and that nobody
// but the callers allowed to sees the victim's address, phone, notes or email.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf } from '#server/plugins/access';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  accountOf,
  CALLER_KINDS,
  createCast,
  refreshCast,
  type Cast,
  type CallerKind,
} from './cast.ts';
import { cellRequest } from './cell.ts';
import { expectErrorEnvelope, send, type WireReply } from './http.ts';
import { routeKey, ROUTES, type CellInput, type RouteEntry } from './routes.table.ts';
import { createScene, type Scene } from './scene.ts';

/** High enough that no per-address limit masks a cell's verdict (the hostile tests keep a 429). */
const RATE_LIMIT_SCALE = 1000;

interface CellResult {
  status: number;
  headStatus: number | undefined;
  problems: string[];
}

function privacyProblems(entry: RouteEntry, kind: CallerKind, reply: WireReply, secrets: string[]) {
  const shown = secrets.filter((s) => reply.text.includes(s));
  const allowed = entry.reveals?.includes(kind) === true && reply.status < 300;
  if (!allowed && shown.length > 0) return [`${kind} was shown the victim's ${shown.join(', ')}`];
  if (allowed && shown.length === 0) return [`${kind} was not shown the victim's own data`];
  return [];
}

function replyProblems(entry: RouteEntry, kind: CallerKind, reply: WireReply, secrets: string[]) {
  const problems = privacyProblems(entry, kind, reply, secrets);
  if (reply.status >= 400) {
    try {
      expectErrorEnvelope(reply, kind);
    } catch (error) {
      problems.push(`${kind}: not the error envelope: ${(error as Error).message}`);
    }
  } else if (reply.contentType.startsWith('application/json')) {
    const body = JSON.parse(reply.text) as { status?: unknown };
    if (body.status !== 'success') problems.push(`${kind}: a 2xx without status success`);
  }
  return problems;
}

describe.each(testDialects())('the complete caller matrix (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: RATE_LIMIT_SCALE }, { listen: true });
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(server.app.ctx.opened.db);
  });

  async function runCell(entry: RouteEntry, kind: CallerKind, scene: Scene): Promise<CellResult> {
    const db = server.app.ctx.opened.db;
    await refreshCast(db, cast);
    const { config, baseUrl } = server;
    const input: CellInput = {
      scene,
      cast,
      kind,
      account: accountOf(cast, kind),
      server: { baseUrl, clientId: config.clientId, clientAuthKey: config.clientAuthKey },
      db,
    };
    const { request, body } = await cellRequest(entry, input);
    const reply = await send(baseUrl, request);
    if (reply.status < 300 && body !== null) entry.onSuccess?.(input, body);
    // The HEAD twin of a read answers as the read does (before anything else changed).
    const headStatus =
      entry.method === 'GET'
        ? (await send(baseUrl, { ...request, method: 'HEAD' })).status
        : undefined;
    return {
      status: reply.status,
      headStatus,
      problems: replyProblems(entry, kind, reply, scene.secrets),
    };
  }

  it('has one entry for every route the server registers, and no other', () => {
    const registered = apiRoutesOf(server.app).map((r) => routeKey(r.method, r.url));
    const inTable = ROUTES.flatMap((e) => {
      const key = routeKey(e.method, e.path);
      return e.method === 'GET' ? [key, routeKey('HEAD', e.path)] : [key];
    });
    expect(registered.length).toBeGreaterThan(0);
    expect(new Set(inTable).size, 'an entry appears twice').toBe(inTable.length);
    expect([...registered].sort()).toEqual([...inTable].sort());
  });

  it.each(ROUTES.map((e) => [routeKey(e.method, e.path), e] as const))('%s', async (_, entry) => {
    // Cells are independent (each has its own scene and caller), so they run side by side.
    // Every cell's scene exists before any cell sends, so a body may count on what the
    // scenes left (the client's open orders: see the order-create entry).
    const db = server.app.ctx.opened.db;
    // The scenes hold the victim's data as it is now: a profile cell may have changed it.
    await refreshCast(db, cast);
    const scenes = await Promise.all(CALLER_KINDS.map(() => createScene(db, cast)));
    const cells = await Promise.all(
      CALLER_KINDS.map((kind, n) => runCell(entry, kind, scenes[n]!)),
    );
    const statuses: Partial<Record<CallerKind, number>> = {};
    const problems: string[] = [];
    CALLER_KINDS.forEach((kind, n) => {
      const cell = cells[n];
      if (cell === undefined) return;
      statuses[kind] = cell.status;
      problems.push(...cell.problems);
      if (cell.headStatus !== undefined && cell.headStatus !== cell.status) {
        problems.push(`${kind}: HEAD answered ${cell.headStatus}, GET ${cell.status}`);
      }
    });
    expect(statuses).toEqual(entry.expect);
    expect(problems).toEqual([]);
  });
});
