// Every admin action leaves an audit entry (beyond-spec.md section 2 "Audit log"), written in
// the transaction of the write it describes: each action done through its real route as an
// admin adds exactly its entries (the admin as actor, the target, what changed, never a
// password, address or phone); a refused one adds none; a replay with the same
// Idempotency-Key adds none.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditTargetType } from '#shared/contracts/audit';
import { REPLAYED_HEADER } from '#server/idempotency/run-idempotent';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  createUser,
  uniqueUsername,
  type SignedInUser,
} from '../../support/factories.ts';
import { call, type Method } from '../../support/inject.ts';

interface Expected {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  details: Record<string, unknown> | null;
}

interface Action {
  method: Method;
  url: string;
  body?: object;
  /** The entries the action must leave, given its reply (for ids the reply gives). */
  entries: (reply: LightMyRequestResponse) => Expected[];
}

interface Refusal {
  method: Method;
  url: string;
  body?: object;
  status: number;
}

const PASSWORD = 'Matrix2pass';
const NEW_PHONE = '5550009999';
/** Values an entry must never hold (the factories' order address and phone, a password). */
const NEVER_LOGGED = [PASSWORD, NEW_PHONE, '12 Secret Lane', '5559876543', 'Ring twice'];

const idIn = (reply: LightMyRequestResponse, field: string) =>
  Number(reply.json<Record<string, unknown>>()[field]);

describe.each(testDialects())('audit entries of admin actions (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const db = () => server.app.ctx.opened.db;
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await createSignedInUser(db(), { role: 'ADMIN' });
  });

  async function lastAuditId(): Promise<number> {
    const row = await db()
      .selectFrom('audit_log')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  async function entriesAfter(id: number) {
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', id)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      actorId: r.actor_id,
      actorUsername: r.actor_username,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: r.details === null ? null : (JSON.parse(r.details) as unknown),
    }));
  }

  const send = (request: { method: Method; url: string; body?: object }, key: string) =>
    call(server.app, request.method, request.url, {
      as: admin,
      ...(request.body === undefined ? {} : { body: request.body }),
      headers: { 'idempotency-key': key },
    });

  async function apply(): Promise<number> {
    const res = await call(server.app, 'POST', '/api/volunteer/apply', {
      body: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: `${uniqueUsername('app')}@example.org`,
        phone: '555-123-4567',
        notes: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ applicationId: number }>().applicationId;
  }

  const user = (targetId: number, action: AuditAction, details: Expected['details']) =>
    ({ action, targetType: 'user', targetId, details }) satisfies Expected;

  /** Each action: made ready in the database, then done once through its route. */
  const actions: Record<string, () => Promise<Action>> = {
    'user.create': async () => {
      const username = uniqueUsername('Made');
      return {
        method: 'POST',
        url: '/api/admin/user/create',
        body: { username, role: 'CLIENT' },
        entries: (r) => [user(idIn(r, 'userId'), 'user.create', { username, role: 'CLIENT' })],
      };
    },
    'user.update': async () => {
      const target = await createUser(db());
      const { username, email } = target;
      return {
        method: 'PUT',
        url: `/api/admin/user/update/${target.id}`,
        body: { username, email, phone: NEW_PHONE, firstName: 'Fresh', role: 'CLIENT' },
        entries: () => [user(target.id, 'user.update', { fields: ['phone', 'firstName'] })],
      };
    },
    'user.role_change': async () => {
      const target = await createUser(db());
      const { username, email, phone } = target;
      return {
        method: 'PUT',
        url: `/api/admin/user/update/${target.id}`,
        body: { username, email, phone, role: 'VOLUNTEER' },
        entries: () => [
          user(target.id, 'user.update', { fields: ['role'] }),
          user(target.id, 'user.role_change', { from: 'CLIENT', to: 'VOLUNTEER' }),
        ],
      };
    },
    'user.subrole_change': async () => {
      const target = await createUser(db(), { role: 'VOLUNTEER' });
      return {
        method: 'PUT',
        url: '/api/admin/volunteer/subrole',
        body: { userId: String(target.id), volunteerSubRole: 'CLINICIAN' },
        entries: () => [
          user(target.id, 'user.subrole_change', {
            from: 'REGULAR',
            to: 'CLINICIAN',
            notesChanged: false,
          }),
        ],
      };
    },
    'user.password_reset': async () => {
      const target = await createSignedInUser(db());
      return {
        method: 'PUT',
        url: `/api/admin/user/reset-password/${target.id}`,
        body: { newPassword: PASSWORD },
        entries: () => [user(target.id, 'user.password_reset', { loginsEnded: 1 })],
      };
    },
    'user.delete': async () => {
      const target = await createUser(db());
      return {
        method: 'DELETE',
        url: '/api/admin/user/delete',
        body: { username: target.username },
        entries: () => [
          user(target.id, 'user.delete', { username: target.username, role: 'CLIENT' }),
        ],
      };
    },
    'application.approve': async () => {
      const applicationId = await apply();
      return {
        method: 'POST',
        url: '/api/volunteer/approve',
        body: { applicationId },
        entries: (r) => [
          {
            action: 'application.approve',
            targetType: 'application',
            targetId: applicationId,
            details: { outcome: 'created', userId: idIn(r, 'userId') },
          },
        ],
      };
    },
    'application.reject': async () => {
      const applicationId = await apply();
      return {
        method: 'POST',
        url: '/api/volunteer/reject',
        body: { applicationId },
        entries: () => [
          {
            action: 'application.reject',
            targetType: 'application',
            targetId: applicationId,
            details: null,
          },
        ],
      };
    },
    'cargo.create': async () => {
      const name = `Item ${randomUUID().slice(0, 8)}`;
      return {
        method: 'POST',
        url: '/api/cargo/items',
        body: { name, quantity: 4 },
        entries: (r) => [
          {
            action: 'cargo.create',
            targetType: 'cargo_item',
            targetId: idIn(r, 'id'),
            details: { name, quantity: 4, maxPerOrder: 10 },
          },
        ],
      };
    },
    'cargo.update (max per order)': async () => {
      const item = await createCatalogueItem(db(), { quantity: 20 });
      return {
        method: 'PUT',
        url: `/api/cargo/items/${item.id}`,
        body: { description: 'Warm', quantity: 25, maxPerOrder: 3 },
        entries: () => [
          {
            action: 'cargo.update',
            targetType: 'cargo_item',
            targetId: item.id,
            details: {
              fields: ['description', 'quantity', 'maxPerOrder'],
              quantity: { from: 20, to: 25 },
              maxPerOrder: { from: 10, to: 3 },
            },
          },
        ],
      };
    },
    'order.cancel': async () => {
      const orderId = await createOrderOnRound(db(), null);
      return {
        method: 'POST',
        url: `/api/orders/${orderId}/cancel`,
        entries: () => [
          {
            action: 'order.cancel',
            targetType: 'order',
            targetId: orderId,
            details: { from: 'PENDING', to: 'CANCELLED' },
          },
        ],
      };
    },
    'order.round_change': async () => {
      const roundId = await createTestRound(db());
      const orderId = await createOrderOnRound(db(), null);
      return {
        method: 'PUT',
        url: `/api/admin/orders/${orderId}/round`,
        body: { roundId },
        entries: () => [
          {
            action: 'order.round_change',
            targetType: 'order',
            targetId: orderId,
            details: { from: null, to: roundId },
          },
        ],
      };
    },
    'round.create': async () => ({
      method: 'POST',
      url: '/api/admin/rounds/create',
      body: {
        title: 'Night outreach',
        location: 'Central station',
        startTime: '2031-05-01T18:00',
        endTime: '2031-05-01T21:30',
        maxParticipants: 4,
      },
      entries: (r) => [
        {
          action: 'round.create',
          targetType: 'round',
          targetId: idIn(r, 'roundId'),
          details: {
            title: 'Night outreach',
            startTime: '2031-05-01T18:00:00.000Z',
            maxParticipants: 4,
          },
        },
      ],
    }),
    'round.update': async () => {
      const roundId = await createTestRound(db(), { maxParticipants: 5 });
      return {
        method: 'PUT',
        url: `/api/admin/rounds/${roundId}`,
        body: { title: 'Renamed round', maxParticipants: 6 },
        entries: () => [
          {
            action: 'round.update',
            targetType: 'round',
            targetId: roundId,
            details: { fields: ['title', 'maxParticipants'], detachedOrders: 0 },
          },
        ],
      };
    },
    'round.cancel (by the update form)': async () => {
      const roundId = await createTestRound(db());
      await createOrderOnRound(db(), roundId);
      const round = (details: Expected['details'], action: AuditAction): Expected => ({
        action,
        targetType: 'round',
        targetId: roundId,
        details,
      });
      return {
        method: 'PUT',
        url: `/api/admin/rounds/${roundId}`,
        body: { status: 'CANCELLED' },
        entries: () => [
          round(
            {
              fields: ['status'],
              status: { from: 'SCHEDULED', to: 'CANCELLED' },
              detachedOrders: 1,
            },
            'round.update',
          ),
          round({ from: 'SCHEDULED', detachedOrders: 1, by: 'update' }, 'round.cancel'),
        ],
      };
    },
    'round.cancel': async () => {
      const roundId = await createTestRound(db());
      await createOrderOnRound(db(), roundId);
      return {
        method: 'PUT',
        url: `/api/admin/rounds/${roundId}/cancel`,
        entries: () => [
          {
            action: 'round.cancel',
            targetType: 'round',
            targetId: roundId,
            details: { from: 'SCHEDULED', detachedOrders: 1 },
          },
        ],
      };
    },
    'round.lottery': async () => {
      const roundId = await createTestRound(db(), { maxParticipants: 1 });
      const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
      const signupId = await createSignup(db(), roundId, volunteer.id, 'WAITLISTED');
      return {
        method: 'POST',
        url: `/api/admin/rounds/${roundId}/lottery`,
        entries: () => [
          {
            action: 'round.lottery',
            targetType: 'round',
            targetId: roundId,
            details: { selectedSignupIds: [signupId], freeSlots: 1, waitlisted: 1 },
          },
        ],
      };
    },
    'signup.confirm': async () => {
      const roundId = await createTestRound(db());
      const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
      const signupId = await createSignup(db(), roundId, volunteer.id, 'WAITLISTED');
      return {
        method: 'PUT',
        url: `/api/admin/rounds/signup/${signupId}/confirm`,
        body: { adminId: admin.id },
        entries: () => [
          {
            action: 'signup.confirm',
            targetType: 'signup',
            targetId: signupId,
            details: { roundId, userId: volunteer.id, from: 'WAITLISTED' },
          },
        ],
      };
    },
    'signup.reject': async () => {
      const roundId = await createTestRound(db());
      const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
      const signupId = await createSignup(db(), roundId, volunteer.id);
      return {
        method: 'DELETE',
        url: `/api/admin/rounds/signup/${signupId}`,
        body: { adminId: String(admin.id) },
        entries: () => [
          {
            action: 'signup.reject',
            targetType: 'signup',
            targetId: signupId,
            details: { roundId, userId: volunteer.id, from: 'CONFIRMED' },
          },
        ],
      };
    },
  };

  it.each(Object.keys(actions))(
    '%s: one action, its entries in the same commit; its replay adds none',
    async (name) => {
      const action = await actions[name]!();
      const before = await lastAuditId();
      const key = randomUUID();
      const done = await send(action, key);
      expect(done.statusCode, done.body).toBeLessThan(300);
      const entries = await entriesAfter(before);
      const by = { actorId: admin.id, actorUsername: admin.username };
      expect(entries).toEqual(action.entries(done).map((e) => ({ ...by, ...e })));
      for (const value of NEVER_LOGGED) expect(JSON.stringify(entries)).not.toContain(value);

      const after = await lastAuditId();
      const replay = await send(action, key);
      expect(replay.headers[REPLAYED_HEADER]).toBe('true');
      expect(replay.statusCode).toBe(done.statusCode);
      expect(await entriesAfter(after)).toEqual([]);
    },
  );

  /** Refused writes (and a confirm that changes nothing): no entry. */
  const refusals: Record<string, () => Promise<Refusal>> = {
    'update of a user who is not there': async () => ({
      method: 'PUT',
      url: '/api/admin/user/update/987654',
      body: { username: 'Nobody', role: 'CLIENT' },
      status: 404,
    }),
    'delete of a username nobody has': async () => ({
      method: 'DELETE',
      url: '/api/admin/user/delete',
      body: { username: 'Nobodyhere' },
      status: 404,
    }),
    'delete of oneself': async () => ({
      method: 'DELETE',
      url: '/api/admin/user/delete',
      body: { username: admin.username },
      status: 403,
    }),
    'subrole of a client': async () => {
      const client = await createUser(db());
      return {
        method: 'PUT',
        url: '/api/admin/volunteer/subrole',
        body: { userId: String(client.id), volunteerSubRole: 'CLINICIAN' },
        status: 409,
      };
    },
    'reset with a weak password': async () => {
      const target = await createUser(db());
      return {
        method: 'PUT',
        url: `/api/admin/user/reset-password/${target.id}`,
        body: { newPassword: 'short' },
        status: 400,
      };
    },
    'approval of an application that is not there': async () => ({
      method: 'POST',
      url: '/api/volunteer/approve',
      body: { applicationId: 987654 },
      status: 404,
    }),
    'update of an item that is not there': async () => ({
      method: 'PUT',
      url: '/api/cargo/items/987654',
      body: { maxPerOrder: 3 },
      status: 404,
    }),
    'an item under a name taken': async () => {
      const item = await createCatalogueItem(db());
      return { method: 'POST', url: '/api/cargo/items', body: { name: item.name }, status: 409 };
    },
    'cancel of a cancelled order': async () => {
      const orderId = await createOrderOnRound(db(), null, { status: 'CANCELLED' });
      return { method: 'POST', url: `/api/orders/${orderId}/cancel`, status: 409 };
    },
    'move to a round that is not there': async () => {
      const orderId = await createOrderOnRound(db(), null);
      return {
        method: 'PUT',
        url: `/api/admin/orders/${orderId}/round`,
        body: { roundId: 987654 },
        status: 404,
      };
    },
    'round update ending before it starts': async () => {
      const roundId = await createTestRound(db());
      return {
        method: 'PUT',
        url: `/api/admin/rounds/${roundId}`,
        body: { startTime: '2031-05-01T18:00', endTime: '2031-05-01T17:00' },
        status: 400,
      };
    },
    'cancel of a cancelled round': async () => {
      const roundId = await createTestRound(db(), { status: 'CANCELLED' });
      return { method: 'PUT', url: `/api/admin/rounds/${roundId}/cancel`, status: 409 };
    },
    'lottery on a round that is not there': async () => ({
      method: 'POST',
      url: '/api/admin/rounds/987654/lottery',
      status: 404,
    }),
    'confirm of a sign-up already confirmed (nothing changes)': async () => {
      const roundId = await createTestRound(db());
      const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
      const signupId = await createSignup(db(), roundId, volunteer.id);
      return { method: 'PUT', url: `/api/admin/rounds/signup/${signupId}/confirm`, status: 200 };
    },
    'reject of a sign-up that is not there': async () => ({
      method: 'DELETE',
      url: '/api/admin/rounds/signup/987654',
      status: 404,
    }),
  };

  it.each(Object.keys(refusals))('%s: no entry', async (name) => {
    const refusal = await refusals[name]!();
    const before = await lastAuditId();
    const res = await send(refusal, randomUUID());
    expect(res.statusCode, res.body).toBe(refusal.status);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('a client cancelling their own order is not an admin action: no entry', async () => {
    const client = await createSignedInUser(db());
    const orderId = await createOrderOnRound(db(), null, { userId: client.id });
    const before = await lastAuditId();
    const res = await call(server.app, 'POST', `/api/orders/${orderId}/cancel`, {
      as: client,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesAfter(before)).toEqual([]);
  });
});
