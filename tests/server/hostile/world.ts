// What the hostile requests are thrown at: the matrix's cast and one scene (nothing may change
// them: every request is refused), plus real secure sessions made over HTTP: an unbound one
// with IVs already spent (for replays), and one bound to a login made through it (for an
// X-Session-ID sent with another user's cookie, or none).
import {
  encryptJson,
  encryptText,
  establishSecureSession,
  IV_LENGTH,
  base64ToBytes,
  type FetchLike,
  type SecureSession,
} from '#shared/secure-channel/index';
import type { TestServer } from '../../support/build-app.ts';
import { createCast, type Cast } from '../route-matrix/cast.ts';
import { send } from '../route-matrix/http.ts';
import type { ServerInfo } from '../route-matrix/routes.table.ts';
import { createScene, type Scene } from '../route-matrix/scene.ts';

export interface HostileWorld {
  cast: Cast;
  scene: Scene;
  server: ServerInfo;
  /** A completed secure session bound to no login. */
  open: SecureSession;
  /** IVs `open` has already received. */
  spentIvs: Uint8Array<ArrayBuffer>[];
  /** A secure session bound to the login of `bound.cookie` (the cast's loginTarget). */
  bound: SecureSession;
  boundCookie: string;
}

const SPENT_IVS = 8;

function httpFetch(baseUrl: string): FetchLike {
  return async (url, init) => {
    const res = await fetch(baseUrl + url, {
      method: init.method,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    return { ok: res.ok, status: res.status, json: async () => (await res.json()) as unknown };
  };
}

function handshakeOver(server: ServerInfo): Promise<SecureSession> {
  return establishSecureSession(httpFetch(server.baseUrl), {
    baseUrl: '',
    clientId: server.clientId,
    clientAuthKey: server.clientAuthKey,
  });
}

function encryptedHeaders(session: SecureSession, cookie?: string): Record<string, string> {
  return {
    'x-session-id': session.sessionId,
    'content-type': 'text/plain;charset=UTF-8',
    ...(cookie === undefined ? {} : { cookie }),
  };
}

/** Harmless encrypted logouts (no login, nothing to end) that leave their IVs spent. */
async function spendIvs(server: ServerInfo, session: SecureSession) {
  const spent: Uint8Array<ArrayBuffer>[] = [];
  for (let n = 0; n < SPENT_IVS; n++) {
    const body = await encryptJson(session.key, {});
    const reply = await send(server.baseUrl, {
      method: 'POST',
      path: '/api/auth/logout',
      headers: encryptedHeaders(session),
      body,
    });
    if (reply.status !== 200) throw new Error(`spending an IV failed: ${reply.status}`);
    spent.push(base64ToBytes(body).slice(0, IV_LENGTH));
  }
  return spent;
}

/** Signs the cast's loginTarget in through the session, which binds the session to it. */
async function loginThrough(server: ServerInfo, session: SecureSession, cast: Cast) {
  const who = cast.loginTarget;
  const reply = await send(server.baseUrl, {
    method: 'POST',
    path: '/api/auth/login',
    headers: encryptedHeaders(session),
    body: await encryptText(
      session.key,
      JSON.stringify({ username: who.username, password: who.password }),
    ),
  });
  const cookie = reply.headers.get('set-cookie')?.split(';')[0];
  if (reply.status !== 200 || cookie === undefined) {
    throw new Error(`the encrypted login failed: ${reply.status}`);
  }
  return cookie;
}

export async function createHostileWorld(test: TestServer): Promise<HostileWorld> {
  const db = test.app.ctx.opened.db;
  const server: ServerInfo = {
    baseUrl: test.baseUrl,
    clientId: test.config.clientId,
    clientAuthKey: test.config.clientAuthKey,
  };
  const cast = await createCast(db);
  const open = await handshakeOver(server);
  const bound = await handshakeOver(server);
  return {
    cast,
    scene: await createScene(db, cast),
    server,
    open,
    spentIvs: await spendIvs(server, open),
    bound,
    boundCookie: await loginThrough(server, bound, cast),
  };
}

export { encryptedHeaders };
