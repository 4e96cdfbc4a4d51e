// Idempotency keys outlive a long offline spell (issue 17 item 4, beyond-spec.md section 7):
// kept at least IDEMPOTENCY_DAYS (default 35). The server's clock is moved instead of waiting,
// and the pruning is called directly instead of waiting for its hourly timer.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { pruneExpiredKeys } from '#server/idempotency/idempotency-pruning';
import { FEEDBACK_SUBMIT_PATH } from '#shared/contracts/feedback';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { call } from '../../support/inject.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('IDEMPOTENCY_DAYS', () => {
  it('defaults to 35 and takes a whole number of days', () => {
    expect(loadConfig({}).idempotencyDays).toBe(35);
    expect(loadConfig({ IDEMPOTENCY_DAYS: '60' }).idempotencyDays).toBe(60);
  });

  it('refuses fewer days than the wire protocol promises (7), and non-numbers', () => {
    expect(() => loadConfig({ IDEMPOTENCY_DAYS: '6' })).toThrow(/at least 7/);
    expect(() => loadConfig({ IDEMPOTENCY_DAYS: 'a month' })).toThrow(/IDEMPOTENCY_DAYS/);
  });
});

describe.each(testDialects())('idempotency keys kept for weeks (%s)', (dialect) => {
  const start = Date.parse('2026-12-01T10:00:00.000Z');
  let now = new Date(start);
  const server = useTestServer(dialect, { clock: () => now });

  const content = `Sent from a phone offline for weeks (${dialect})`;
  const key = crypto.randomUUID();
  const send = () =>
    call(server.app, 'POST', FEEDBACK_SUBMIT_PATH, {
      body: { phoneNumber: '5550001111', content },
      headers: { 'idempotency-key': key },
    });
  const prune = () =>
    pruneExpiredKeys(server.app.ctx.opened.db, now, server.config.idempotencyDays);
  const feedbackRows = async () =>
    (
      await server.app.ctx.opened.db
        .selectFrom('feedback')
        .select('id')
        .where('content', '=', content)
        .execute()
    ).length;
  const keyStored = async () =>
    (await server.app.ctx.opened.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .executeTakeFirst()) !== undefined;

  it('replays a key 34 days old, and prunes it once it is past 35 days', async () => {
    expect(server.config.idempotencyDays).toBe(35);
    const first = await send();
    expect(first.statusCode).toBe(200);

    now = new Date(start + 34 * DAY_MS);
    await prune();
    const resent = await send();
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toEqual(first.json());
    expect(await feedbackRows()).toBe(1);

    now = new Date(start + 35 * DAY_MS);
    expect(await prune()).toBe(0); // exactly 35 days: still kept
    expect(await keyStored()).toBe(true);

    now = new Date(start + 35 * DAY_MS + 1);
    expect(await prune()).toBeGreaterThanOrEqual(1);
    expect(await keyStored()).toBe(false);
  });
});
