// The per-person order limits under concurrency, over real HTTP: orders of one person sent at
// once must not all count the same "fewer than the limit" and slip past it (on PostgreSQL the
// order transactions run in parallel; the client's row and the guest's phone/email keys are
// locked before counting). Exactly the limit gets through; the rest get the 409.
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { clientOrder, guestOrder } from './order-helpers.ts';

const AT_ONCE = 12;
const TOO_MANY_OPEN =
  'You already have 3 open orders, the most one person can have at once. Cancel one, or wait until one is delivered, before ordering again.';
const GUEST_DAILY =
  'This phone number or email has already placed 2 orders in the last 24 hours, the most a guest can place. Please try again later.';

describe.each(testDialects())('order limits under concurrency (%s)', (dialect) => {
  // Rate limits are not what this test is about.
  const server = useTestServer(dialect, { rateLimitScale: 1000 }, { listen: true });

  function post(path: string, body: object, cookie?: string) {
    return fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function statusesAndMessages(replies: Response[]) {
    return Promise.all(
      replies.map(async (r) => ({
        status: r.status,
        body: (await r.json()) as { message: string },
      })),
    );
  }

  it('lets exactly 3 of 12 simultaneous orders of one client through', async () => {
    const db = server.app.ctx.opened.db;
    const user = await createSignedInUser(db, { password: null });
    const body = clientOrder(user.id, [{ itemName: 'Blanket', quantity: 1 }]);
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, () => post('/api/orders/create', body, user.cookie)),
    );
    const results = await statusesAndMessages(replies);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(AT_ONCE - 3);
    expect(refused.every((r) => r.body.message === TOO_MANY_OPEN)).toBe(true);
    const open = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', 'in', ['PENDING', 'PROCESSING'])
      .execute();
    expect(open).toHaveLength(3);
  });

  it('lets exactly 2 of 12 simultaneous guest orders with one phone through', async () => {
    const db = server.app.ctx.opened.db;
    const phone = '(412) 555-0142';
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        post(
          '/api/orders/guest/create',
          guestOrder([{ itemName: 'Blanket', quantity: 1 }], {
            phone,
            email: `rush-${i}@example.org`,
          }),
        ),
      ),
    );
    const results = await statusesAndMessages(replies);
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(AT_ONCE - 2);
    expect(refused.every((r) => r.body.message === GUEST_DAILY)).toBe(true);
    const stored = await db
      .selectFrom('orders')
      .select('id')
      .where('phone_number', '=', phone)
      .execute();
    expect(stored).toHaveLength(2);
  });
});
