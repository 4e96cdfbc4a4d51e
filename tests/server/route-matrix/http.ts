// Real HTTP for the generated route tests: one request through fetch to a listening test
// server, its reply read whole. A reply that does not arrive within REPLY_TIMEOUT_MS is a hang
// and fails the test (the timeout is a failure detector, not a figure that is asserted).
import { expect } from 'vitest';
import type { Method } from '../../support/inject.ts';

export interface WireRequest {
  method: Method;
  /** Path with its params filled in (and percent-encoded where needed). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** The exact body text; sent as is. */
  body?: string;
}

export interface WireReply {
  status: number;
  contentType: string;
  text: string;
  headers: Headers;
}

export const REPLY_TIMEOUT_MS = 20_000;

function urlOf(baseUrl: string, request: WireRequest): string {
  const search = new URLSearchParams(request.query ?? {}).toString();
  return `${baseUrl}${request.path}${search === '' ? '' : `?${search}`}`;
}

export async function send(baseUrl: string, request: WireRequest): Promise<WireReply> {
  const res = await fetch(urlOf(baseUrl, request), {
    method: request.method,
    headers: request.headers ?? {},
    redirect: 'manual',
    signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
    headers: res.headers,
  };
}

/** A JSON write: the body serialized and labelled so the cross-site guard lets it through. */
export function jsonWrite(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** wire-protocol.md "Envelope of every JSON reply": the failure shape, nothing else. */
export function expectErrorEnvelope(reply: WireReply, context: string): void {
  expect(reply.contentType, context).toMatch(/^application\/json/);
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(body, context).toMatchObject({ status: 'error' });
  expect(typeof body.message, context).toBe('string');
  expect(body.error, context).toMatch(/^[A-Z_]+$/);
  // Never a stack trace or SQL text in a refusal.
  expect(reply.text, context).not.toMatch(
    /\bat .+:\d+:\d+|SQLITE_|syntax error|\bselect\b.+\bfrom\b/i,
  );
}
