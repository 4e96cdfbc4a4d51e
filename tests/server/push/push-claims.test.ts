// The push channel's batch claim (push-subscriptions.repository.ts claimDeliveries), on each
// dialect's real database: one call answers every (notification, subscription) of a pass —
// fresh ones claimed, done ones left done, another sender's fresh claim left to it, a dead
// sender's stale claim taken over — and a subscription deleted since the pass read it (an
// unsubscribe or a logout in between) is answered 'gone' while the rest are still claimed:
// its insert would have failed the foreign key and with it the whole batch's claim.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import { claimDeliveries, claimOf } from '#server/push/push-subscriptions.repository';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import { createUser } from '../../support/factories.ts';

const MINUTE = 60_000;

describe.each(testDialects())('claiming a pass’s push deliveries (%s)', (dialect) => {
  let dataDir: string;
  let opened: OpenedDb;
  let pgDb: { url: string; drop: () => Promise<void> } | undefined;
  const db = () => opened.db;
  const rowLocks = dialect === 'postgres';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-push-claims-'));
    pgDb = dialect === 'postgres' ? await createPostgresDatabase('streetmed_claims') : undefined;
    opened = openDatabase(pgDb?.url, dataDir);
    await migrateToLatest(opened);
  });
  afterAll(async () => {
    await (opened as OpenedDb | undefined)?.db.destroy();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function subscriptions(count: number): Promise<number[]> {
    const user = await createUser(db(), { password: null });
    const rows = await db()
      .insertInto('push_subscriptions')
      .values(
        Array.from({ length: count }, (_, i) => ({
          user_id: user.id,
          endpoint: `https://push.example.org/${user.id}/${i}`,
          p256dh: 'key',
          auth: 'auth',
          created_at: new Date().toISOString(),
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async function delivery(
    notificationId: number,
    subscriptionId: number,
    status: 'sending' | 'sent' | 'failed',
    claimedAt: string,
  ) {
    await db()
      .insertInto('push_deliveries')
      .values({
        notification_id: notificationId,
        subscription_id: subscriptionId,
        status,
        claimed_at: claimedAt,
        sent_at: status === 'sending' ? null : claimedAt,
      })
      .execute();
  }

  it('answers each key of the batch, and a deleted subscription does not fail the rest', async () => {
    const [fresh, sent, failed, held, stale, deleted] = await subscriptions(6);
    const now = new Date();
    const times = {
      now: now.toISOString(),
      staleBefore: new Date(now.getTime() - 2 * MINUTE).toISOString(),
    };
    const notificationId = 900_001;
    const long = new Date(now.getTime() - 10 * MINUTE).toISOString();
    const moment = new Date(now.getTime() - 1_000).toISOString();
    await delivery(notificationId, sent!, 'sent', long);
    await delivery(notificationId, failed!, 'failed', long);
    await delivery(notificationId, held!, 'sending', moment);
    await delivery(notificationId, stale!, 'sending', long);
    // Read by the pass, then unsubscribed before its claim.
    await db().deleteFrom('push_subscriptions').where('id', '=', deleted!).execute();

    const keys = [fresh, sent, failed, held, stale, deleted].map((subscriptionId) => ({
      notificationId,
      subscriptionId: subscriptionId!,
    }));
    const claims = await claimDeliveries(db(), keys, times, rowLocks);
    expect(keys.map((k) => claimOf(claims, k))).toEqual([
      'claimed',
      'sent',
      'failed',
      'busy',
      'claimed',
      'gone',
    ]);
    const rows = await db()
      .selectFrom('push_deliveries')
      .select(['subscription_id', 'status', 'claimed_at'])
      .where('notification_id', '=', notificationId)
      .orderBy('subscription_id')
      .execute();
    expect(rows).toEqual([
      { subscription_id: fresh, status: 'sending', claimed_at: times.now },
      { subscription_id: sent, status: 'sent', claimed_at: long },
      { subscription_id: failed, status: 'failed', claimed_at: long },
      { subscription_id: held, status: 'sending', claimed_at: moment },
      { subscription_id: stale, status: 'sending', claimed_at: times.now },
    ]);

    // A second sender with the same batch wins nothing: the claims are fresh now.
    const again = await claimDeliveries(db(), keys, times, rowLocks);
    expect(keys.map((k) => claimOf(again, k))).toEqual([
      'busy',
      'sent',
      'failed',
      'busy',
      'busy',
      'gone',
    ]);
  });
});
