// Red team (issue 14, "cheap floods"): routes anyone may call still must not let a signed-out
// caller store an IV row (kept 24 h) per request without limit. Logout had no limit at all, and
// the guest order's per-address limit ran after the body was opened, so its 429s stored rows
// too. At the real limits (rateLimitScale 1).
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '#shared/contracts/auth';
import { ORDER_PATHS } from '#shared/contracts/orders';
import { LOGOUT_RATE_LIMIT } from '#server/auth/login.routes';
import { GUEST_ORDER_RATE_LIMIT } from '#server/orders/order-create.routes';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { handshake, ivRows, sendEncrypted } from './secure-client.ts';

describe.each(testDialects())('floods of allowed encrypted requests (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1 });

  it('signed-out encrypted logouts: past the limit they are 429 before their body is opened', async () => {
    const session = await handshake(server);
    const statuses: number[] = [];
    for (let i = 0; i < LOGOUT_RATE_LIMIT + 40; i++) {
      const res = await sendEncrypted(server, session, {
        method: 'POST',
        url: AUTH_PATHS.logout,
        body: { i },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGOUT_RATE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LOGOUT_RATE_LIMIT).every((s) => s === 429)).toBe(true);
    expect(await ivRows(server, session)).toBe(LOGOUT_RATE_LIMIT);
    // A signed-in person's logout from the same address is not held back by that flood.
    const user = await createSignedInUser(server.app.ctx.opened.db);
    const out = await server.app.inject({
      method: 'POST',
      url: AUTH_PATHS.logout,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
  });

  it('encrypted guest orders past the per-address limit are 429 before their body is opened', async () => {
    const session = await handshake(server);
    const statuses: number[] = [];
    for (let i = 0; i < GUEST_ORDER_RATE_LIMIT + 40; i++) {
      const res = await sendEncrypted(server, session, {
        method: 'POST',
        url: ORDER_PATHS.guestCreate,
        body: { junk: i }, // a 400 once opened: the flood needs no real order
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, GUEST_ORDER_RATE_LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(GUEST_ORDER_RATE_LIMIT).every((s) => s === 429)).toBe(true);
    expect(await ivRows(server, session)).toBe(GUEST_ORDER_RATE_LIMIT);
  });
});
