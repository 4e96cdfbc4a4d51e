// GET /api/openapi.json (beyond-spec.md section 6; issue 15): the document is valid OpenAPI
// 3.1, lists every /api route the server registers with who may call it, and every route that
// takes input declares its schema: path parameters, the body (a write), and the query
// parameters it reads (`readsQuery` of the caller matrix, tests/server/route-matrix). A route
// added without a schema fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiRoutesOf } from '#server/plugins/access';
import { accessTag, OPENAPI_PATH } from '#server/openapi/openapi.routes';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { ROUTES, routeKey, type RouteEntry } from '../route-matrix/routes.table.ts';

interface Operation {
  'x-access'?: unknown;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
interface JsonSchema {
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}
type RequestBody = { content: Record<string, { schema?: JsonSchema }> };
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `:id` as OpenAPI's `{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** What the caller matrix says of a route's input: whether it reads a body, which query. */
type InputEntry = Pick<RouteEntry, 'method' | 'path' | 'body' | 'readsQuery'>;

/** The parameters `op` documents `in` a part of the request. */
const documentedIn = (op: Operation, part: 'path' | 'query') =>
  new Set(op.parameters?.filter((p) => p.in === part).map((p) => p.name));

/**
 * What each route that takes input lacks: "<METHOD> <path>: <part>". A part counts when the
 * route's schema declares it AND the document shows it (@fastify/swagger invents string path
 * parameters for a route without a params schema, so the document alone cannot tell).
 */
function missingSchemas(
  app: FastifyInstance,
  doc: OpenApiDoc,
  entries: readonly InputEntry[] = ROUTES,
): string[] {
  const byKey = new Map(entries.map((e) => [routeKey(e.method, e.path), e]));
  const missing: string[] = [];
  for (const route of apiRoutesOf(app)) {
    if (route.method === 'HEAD') continue; // the GET twin's schemas
    const key = routeKey(route.method, route.url);
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (op === undefined) continue; // reported by the presence test
    const lacks = (part: string) => missing.push(`${key}: ${part}`);
    const pathParams = documentedIn(op, 'path');
    for (const [, name = ''] of route.url.matchAll(/:(\w+)/g)) {
      if (!route.schemaParts.includes('params') || !pathParams.has(name)) lacks(`params.${name}`);
    }
    const entry = byKey.get(key);
    // A write the caller matrix does not know yet is taken to read a body.
    const readsBody = entry === undefined ? route.method !== 'GET' : entry.body !== undefined;
    if (readsBody && (!route.schemaParts.includes('body') || op.requestBody === undefined)) {
      lacks('body');
    }
    const queryParams = documentedIn(op, 'query');
    for (const name of entry?.readsQuery ?? []) {
      if (!route.schemaParts.includes('querystring') || !queryParams.has(name)) {
        lacks(`querystring.${name}`);
      }
    }
  }
  return missing;
}

async function documentOf(app: FastifyInstance): Promise<OpenApiDoc> {
  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json;/);
  return res.json<OpenApiDoc>();
}

describe.each(testDialects())('the OpenAPI document (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('is valid OpenAPI 3.1', async () => {
    const doc = await documentOf(server.app);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every /api route the server registers, with who may call it, and nothing else', async () => {
    const doc = await documentOf(server.app);
    const routes = apiRoutesOf(server.app);
    expect(routes.length).toBeGreaterThan(50);
    const listed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) listed.push(`${method.toUpperCase()} ${path}`);
    }
    const registered = routes.map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(listed.sort()).toEqual([...new Set(registered)].sort());
    for (const route of routes) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op?.['x-access'], `${route.method} ${route.url}`).toEqual(accessTag(route.access));
      expect(op?.description).toMatch(/Who may call it: /);
    }
  });

  it('says who may call a route in words', async () => {
    const doc = await documentOf(server.app);
    expect(doc.paths['/api/health']?.get?.description).toContain('anyone (public)');
    expect(doc.paths['/api/auth/me']?.get?.description).toContain('any signed-in user');
    const adminOnly = apiRoutesOf(server.app).find(
      (r) => typeof r.access !== 'string' && r.access.join() === 'ADMIN',
    );
    expect(adminOnly).toBeDefined();
    const op =
      doc.paths[openApiPath(adminOnly?.url ?? '')]?.[adminOnly?.method.toLowerCase() ?? ''];
    expect(op?.description).toContain('with the role ADMIN');
  });

  it('has the schema of every route that takes input: path, body and the query it reads', async () => {
    const doc = await documentOf(server.app);
    expect(missingSchemas(server.app, doc)).toEqual([]);
  });

  it('documents the item writes in both forms: JSON and multipart/form-data', async () => {
    const doc = await documentOf(server.app);
    for (const [path, method] of [
      ['/api/cargo/items', 'post'],
      ['/api/cargo/items/{id}', 'put'],
    ] as const) {
      const body = doc.paths[path]?.[method]?.requestBody as RequestBody | undefined;
      const json = body?.content['application/json']?.schema;
      const form = body?.content['multipart/form-data']?.schema;
      expect(json?.properties, path).toHaveProperty('name');
      // The part 'data' is the same item object; the picture a binary file.
      expect(form?.properties?.data, path).toMatchObject({ type: 'object' });
      expect(form?.properties?.data?.properties, path).toEqual(json?.properties);
      expect(form?.properties?.image, path).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(doc.paths['/api/cargo/items']?.post?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { required: ['data'] } } },
    });
  });
});

describe('a route added without a schema', () => {
  // A server of its own: the extra routes exist only in this test's app, never in src/.
  const server = useTestServer('sqlite');

  it('fails the schema check (path, body, and a query the route reads)', async () => {
    server.app.post('/api/issue-15-probe/:probeId', { config: { access: 'public' } }, async () => ({
      status: 'success' as const,
    }));
    const QUERY_PROBE = '/api/issue-15-probe-query';
    server.app.get(QUERY_PROBE, { config: { access: 'public' } }, async (request) => ({
      status: 'success' as const,
      asked: (request.query as { q?: unknown }).q,
    }));
    const doc = await documentOf(server.app);
    expect(doc.paths['/api/issue-15-probe/{probeId}']?.post?.['x-access']).toBe('public');
    // The query probe's table entry, as its author would write it.
    const entries = [...ROUTES, { method: 'GET' as const, path: QUERY_PROBE, readsQuery: ['q'] }];
    expect(missingSchemas(server.app, doc, entries)).toEqual([
      'POST /api/issue-15-probe/:probeId: params.probeId',
      'POST /api/issue-15-probe/:probeId: body',
      `GET ${QUERY_PROBE}: querystring.q`,
    ]);
  });
});
