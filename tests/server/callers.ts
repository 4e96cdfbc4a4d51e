// The caller matrix of the API tests: signed out, and one signed-in user per role with a real
// login session (the access plugin resolves it exactly as it does a browser's cookie). Admin
// callers carry the spec's identity headers, which also satisfy the CSRF guard.
import { beforeAll } from 'vitest';
import type { Db } from '#server/db/kysely';
import type { Role } from '#server/db/schema';
import type { TestServer } from '../support/build-app.ts';
import { createSignedInUser } from '../support/factories.ts';

export interface Caller {
  /** 'signed-out', the role, or 'forged-admin-username'. */
  label: string;
  role: Role | null;
  userId: number | null;
  username: string | null;
  headers: Record<string, string>;
}

async function signedIn(db: Db, role: Role): Promise<Caller> {
  const user = await createSignedInUser(db, { role });
  const headers: Record<string, string> = { cookie: user.cookie };
  if (role === 'ADMIN') {
    headers['admin-username'] = user.username;
    headers['authentication-status'] = 'true';
  }
  return { label: role, role, userId: user.id, username: user.username, headers };
}

/**
 * Signed out, CLIENT, VOLUNTEER and ADMIN; with `forgedAdmin`, also an ADMIN whose
 * Admin-Username names another admin (the access plugin refuses it with 403).
 */
export async function callerMatrix(
  db: Db,
  options: { forgedAdmin?: boolean } = {},
): Promise<Caller[]> {
  const signedOut: Caller = {
    label: 'signed-out',
    role: null,
    userId: null,
    username: null,
    headers: {},
  };
  const admin = await signedIn(db, 'ADMIN');
  const callers = [signedOut, await signedIn(db, 'CLIENT'), await signedIn(db, 'VOLUNTEER'), admin];
  if (options.forgedAdmin === true) {
    const other = await createSignedInUser(db, { role: 'ADMIN' });
    const headers = { ...admin.headers, 'admin-username': other.username };
    callers.push({ ...admin, label: 'forged-admin-username', headers });
  }
  return callers;
}

/** The describe block's caller matrix, made in beforeAll (after the server's own). */
export function useCallers(server: TestServer, options: { forgedAdmin?: boolean } = {}): Caller[] {
  const callers: Caller[] = [];
  beforeAll(async () => {
    callers.push(...(await callerMatrix(server.app.ctx.opened.db, options)));
  });
  return callers;
}

/** The caller of that label in a matrix from useCallers, filled in once the matrix is made. */
export function useCaller(callers: Caller[], label: string): Caller {
  const caller = {} as Caller;
  beforeAll(() => {
    const found = callers.find((c) => c.label === label);
    if (found === undefined) throw new Error(`no caller labelled ${label}`);
    Object.assign(caller, found);
  });
  return caller;
}
