// @vitest-environment jsdom
// The api client against a real server: the handshake, encrypted bodies and replies, the
// silent re-handshake on SESSION_EXPIRED, and the raw replies the offline outbox relies on.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiGet,
  apiPost,
  closeSessionExpired,
  getSecureState,
  isSessionExpiredOpen,
  renewSecureSession,
  sendRequest,
  setApiBaseUrl,
  startSecureSession,
} from '#client/api/api-client';
import { SESSION_ID_STORAGE_KEY } from '#client/api/secure-session';
import type { TestServer } from '../../support/build-app.ts';
import { startClientServer } from '../support/client-server.ts';

const REGISTER = '/api/auth/register';

let server: TestServer;

beforeAll(async () => {
  server = await startClientServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  closeSessionExpired();
});

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function storedSessionId(): string | null {
  return localStorage.getItem(SESSION_ID_STORAGE_KEY);
}

describe('api client', () => {
  it('opens a secure session at startup and keeps its id in localStorage', async () => {
    await startSecureSession();
    expect(getSecureState()).toEqual({ status: 'ready', error: null });
    expect(storedSessionId()).toMatch(/\S{16,}/);
  });

  it('encrypts the body and decrypts the server error reply', async () => {
    const observed = vi.spyOn(globalThis, 'fetch');
    const failure = await apiPost(REGISTER, { username: '', password: 'secret123' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Username is required',
      fromServer: true,
    });
    const init = observed.mock.calls.at(-1)?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Session-ID')).toBe(storedSessionId());
    expect(headers.get('Content-Type')).toBe('text/plain');
    expect(typeof init?.body).toBe('string');
    expect(init?.body).not.toContain('secret123');
  });

  it('re-handshakes silently once the server has forgotten the session', async () => {
    const before = storedSessionId();
    await server.app.ctx.opened.db.deleteFrom('secure_sessions').execute();
    const failure = await apiPost(REGISTER, { username: 'abc1' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Username can only contain English letters',
    });
    expect(storedSessionId()).not.toBe(before);
    expect(isSessionExpiredOpen()).toBe(false);
  });

  it('validates success bodies against a schema', async () => {
    await expect(
      apiGet('/api/health', { schema: z.object({ status: z.literal('success') }) }),
    ).resolves.toEqual({ status: 'success' });
    await expect(
      apiGet('/api/health', { schema: z.object({ status: z.literal('other') }) }),
    ).rejects.toMatchObject({
      message: 'Invalid response format from server',
      code: 'BAD_RESPONSE',
    });
  });

  it('gives the outbox raw statuses instead of throwing', async () => {
    const reply = await sendRequest({
      method: 'POST',
      path: REGISTER,
      body: { username: '' },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', message: 'Username is required' });
    const missing = await sendRequest({ method: 'GET', path: '/api/no-such-thing' });
    expect(missing.status).toBe(404);
  });

  it('throws a NETWORK_ERROR only when the server cannot be reached', async () => {
    const closed = await startClientServer();
    await closed.close();
    setApiBaseUrl(closed.baseUrl);
    const call = sendRequest({ method: 'GET', path: '/api/health' });
    await expect(call).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    setApiBaseUrl(server.baseUrl);
  });
});

describe('api client when the server refuses every secure session', () => {
  let refusing: TestServer;

  beforeAll(async () => {
    // Idle expiry 0: each session is expired by the time it is used.
    refusing = await startClientServer({ secureSessionIdleMs: 0 });
    setApiBaseUrl(refusing.baseUrl);
    await renewSecureSession();
  });

  afterAll(async () => {
    await refusing.close();
    setApiBaseUrl(server.baseUrl);
  });

  it('keeps the dialog closed for background calls', async () => {
    const call = apiPost(REGISTER, { username: '' }, { background: true });
    await expect(call).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(isSessionExpiredOpen()).toBe(false);
  });

  it('opens the Session Expired dialog for a foreground call after one silent retry', async () => {
    const observed = vi.spyOn(globalThis, 'fetch');
    await expect(apiPost(REGISTER, { username: '' })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(isSessionExpiredOpen()).toBe(true);
    const sent = observed.mock.calls.filter(([url]) => urlOf(url).endsWith(REGISTER));
    expect(sent).toHaveLength(2);
  });

  it('hands the outbox the 401 itself', async () => {
    const reply = await sendRequest({ method: 'POST', path: REGISTER, body: {} });
    expect(reply).toMatchObject({ status: 401, body: { error: 'SESSION_EXPIRED' } });
    expect(isSessionExpiredOpen()).toBe(false);
  });
});
