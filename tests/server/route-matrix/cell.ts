// One cell of the matrix as a request: the caller's identity (cookie, spec headers and claims),
// the route's path and valid body. Writes always carry JSON, as the spec's client sends them.
import { freshCookie, identityOf } from './cast.ts';
import type { WireRequest } from './http.ts';
import { fillPath, type Body, type CellInput, type RouteEntry } from './routes.table.ts';

export interface CellRequest {
  request: WireRequest;
  /** The body object sent (claims included), or null on a read. */
  body: Body | null;
  /** The route's own body fields (not the identity claims). */
  fields: string[];
}

const asQuery = (claims: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)]));

export async function cellRequest(entry: RouteEntry, input: CellInput): Promise<CellRequest> {
  const cookie =
    entry.endsLogin === true && input.account !== null
      ? await freshCookie(input.db, input.account)
      : undefined;
  const identity = identityOf(input.cast, input.kind, cookie);
  const path = fillPath(entry.path, entry.params?.(input) ?? {});
  const headers = { ...identity.headers, ...(await entry.headers?.(input)) };
  if (entry.method === 'GET') {
    const query = { ...asQuery(identity.claims), ...(await entry.query?.(input)) };
    const request: WireRequest = { method: 'GET', path, headers, query };
    return { request, body: null, fields: [] };
  }
  const routeBody = (await entry.body?.(input)) ?? {};
  // A forged userId must reach the server whatever the route's own fields are.
  const body =
    input.kind === 'forgedUserId'
      ? { ...routeBody, ...identity.claims }
      : { ...identity.claims, ...routeBody };
  return {
    request: {
      method: entry.method,
      path,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    body,
    fields: Object.keys(routeBody),
  };
}
