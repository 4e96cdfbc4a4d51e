// Success replies and the rounds' and cargo items' own checks in the caller's language
// (issue 21): feedback, applications, notification preferences, push, device reports, the
// calendar link, volunteer and admin rounds, and the item writes' refusals say the Spanish of
// src/locales/es/server.json with `Accept-Language: es` and their English, as before, without.
import { describe, expect, it } from 'vitest';
import { useSignedInUser, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createSignedInUser,
  createTestRound,
  uniqueUsername,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { useCaller, useCallers } from '../callers.ts';
import { expectBoth, spanish, type Send } from './both-languages.ts';

const HOUR = 60 * 60 * 1000;

describe('success replies and input checks in the caller’s language', () => {
  const server = useTestServer('sqlite', { rateLimitScale: 1000 });
  const user = useSignedInUser(server);
  const volunteer = useSignedInUser(server, { role: 'VOLUNTEER' });
  const admin = useCaller(useCallers(server), 'ADMIN');
  const db = () => server.app.ctx.opened.db;

  it('feedback and a volunteer application, and a second application for the same email', async () => {
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/feedback/submit', {
          body: { name: 'Ana', phoneNumber: '5551234567', content: 'Thanks for the socks' },
          headers,
        }),
      200,
      'Feedback submitted successfully.',
      'server.feedback.submitted',
    );
    const apply = (email: string) => (headers: Record<string, string>) =>
      call(server.app, 'POST', '/api/volunteer/apply', {
        body: { firstName: 'Ana', lastName: 'Ruiz', email, phone: '5551234567', notes: '' },
        headers,
      });
    const fresh: Send = (headers) => apply(`${uniqueUsername('apply')}@example.org`)(headers);
    await expectBoth(
      fresh,
      200,
      'Application submitted successfully.',
      'server.applications.submitted',
    );
    const email = `${uniqueUsername('twice')}@example.org`;
    expect((await apply(email)({})).statusCode).toBe(200);
    await expectBoth(
      apply(email),
      409,
      'An application with this email is already waiting for review.',
      'server.applications.duplicate',
    );
  });

  it('notification preferences, push, a device report, the calendar link', async () => {
    const as = (who: typeof user, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string) =>
      ((headers, body?: unknown) =>
        call(server.app, method, path, { as: who, body, headers })) satisfies Send;
    await expectBoth(
      as(user, 'GET', '/api/notifications/preferences'),
      200,
      'Notification preferences.',
      'server.notifications.preferences',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'PUT', '/api/notifications/preferences', {
          as: user,
          body: { push: false, email: true },
          headers,
        }),
      200,
      'Notification preferences saved.',
      'server.notifications.preferencesSaved',
    );
    await expectBoth(
      (headers) => call(server.app, 'GET', '/api/push/public-key', { headers }),
      200,
      'The push public key.',
      'server.push.publicKey',
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'DELETE', '/api/push/subscriptions', {
          as: user,
          body: { endpoint: 'https://fcm.googleapis.com/fcm/send/gone' },
          headers,
        }),
      200,
      'Push notifications are off for this device.',
      'server.push.off',
    );
    const report = {
      deviceId: 'device-0123456789abcdef',
      pendingCount: 0,
      oldestPendingAt: null,
      lastSyncAt: null,
      attentionCount: 0,
      appVersion: '1.0.0',
    };
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/devices/report', { as: user, body: report, headers }),
      200,
      'Report received.',
      'server.devices.reportReceived',
    );
    await expectBoth(
      as(volunteer, 'GET', '/api/rounds/calendar-link'),
      200,
      'Calendar link loaded.',
      'server.calendar.linkLoaded',
    );
  });

  it('push and device report refusals: a contract’s own words, in each language', async () => {
    const subscribe =
      (endpoint: string): Send =>
      (headers) =>
        call(server.app, 'POST', '/api/push/subscriptions', {
          as: user,
          body: { subscription: { endpoint, keys: { p256dh: 'a', auth: 'b' } } },
          headers,
        });
    // Judged by the zod contract (issueText), then by the handler (the push hosts).
    await expectBoth(
      subscribe('http://fcm.googleapis.com/fcm/send/x'),
      400,
      'subscription.endpoint: must be an https: address',
      'server.validation.fieldRefusal',
      { field: 'subscription.endpoint', refusal: spanish('server.notifications.endpoint') },
    );
    const report =
      (body: object): Send =>
      (headers) =>
        call(server.app, 'POST', '/api/devices/report', { as: user, body, headers });
    const valid = {
      deviceId: 'device-0123456789abcdef',
      pendingCount: 0,
      oldestPendingAt: null,
      lastSyncAt: null,
      attentionCount: 0,
      appVersion: '1.0.0',
    };
    await expectBoth(
      report({ ...valid, deviceId: 'short' }),
      400,
      'deviceId: must be 16 to 64 letters, digits, "-" or "_"',
      'server.validation.fieldRefusal',
      {
        field: 'deviceId',
        refusal: spanish('server.devices.deviceId', { min: '16', max: '64' }),
      },
    );
    await expectBoth(
      report({ ...valid, pendingCount: -1 }),
      400,
      'pendingCount: must be a whole number from 0 to 100000',
      'server.validation.fieldRefusal',
      { field: 'pendingCount', refusal: spanish('server.devices.count', { max: '100000' }) },
    );
    await expectBoth(
      (headers) =>
        call(server.app, 'POST', '/api/notifications/unsubscribe', {
          body: { token: 'not-a-token' },
          headers,
        }),
      400,
      'token: is not a valid link',
      'server.validation.fieldRefusal',
      { field: 'token', refusal: spanish('server.notifications.token') },
    );
  });

  it('volunteer rounds: the lists, a round, one that does not exist, a cancelled sign-up', async () => {
    const roundId = await createTestRound(db());
    const get = (path: string) => (headers: Record<string, string>) =>
      call(server.app, 'GET', path, { as: volunteer, headers });
    await expectBoth(get('/api/rounds/all'), 200, 'Rounds loaded.', 'server.rounds.roundsLoaded');
    await expectBoth(
      get(`/api/rounds/${roundId}`),
      200,
      'Round loaded.',
      'server.rounds.roundLoaded',
    );
    await expectBoth(get('/api/rounds/999999'), 404, 'Round not found.', 'server.rounds.notFound');
    const cancelOwn: Send = async (headers) => {
      const someone = await createSignedInUser(db(), { role: 'VOLUNTEER' });
      const signup = await call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
        as: someone,
        body: {},
      });
      const { signupId } = signup.json<{ signupId: number }>();
      return call(server.app, 'DELETE', `/api/rounds/signup/${signupId}`, {
        as: someone,
        body: {},
        headers,
      });
    };
    await expectBoth(
      cancelOwn,
      200,
      'Your sign-up was cancelled.',
      'server.rounds.signupCancelled',
    );
  });

  it('admin rounds: created, the round checks, a lottery with no one waiting', async () => {
    const start = new Date(Date.now() + 24 * HOUR);
    const round = {
      title: 'Night round',
      location: 'Downtown',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3 * HOUR).toISOString(),
      maxParticipants: 5,
    };
    const create = (body: object) => (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/rounds/create',
        headers: { ...admin.headers, ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...round, ...body }),
      });
    await expectBoth(create({}), 200, 'Round created.', 'server.rounds.created');
    await expectBoth(
      create({ title: '   ' }),
      400,
      'title: is required',
      'server.rounds.titleRequired',
    );
    await expectBoth(
      create({ startTime: 'tomorrow night' }),
      400,
      'startTime: must be an ISO 8601 date-time such as 2026-12-01T18:00:00Z',
      'server.rounds.badTime',
      { field: 'startTime' },
    );
    await expectBoth(
      create({ endTime: round.startTime }),
      400,
      'endTime: must be after startTime',
      'server.rounds.endBeforeStart',
    );
    await expectBoth(
      create({ teamLeadId: 999_999 }),
      400,
      'teamLeadId: there is no user with id 999999',
      'server.rounds.noSuchUser',
      { field: 'teamLeadId', id: '999999' },
    );
    const lotteryOn = async (headers: Record<string, string>) => {
      const roundId = await createTestRound(db());
      return server.app.inject({
        method: 'POST',
        url: `/api/admin/rounds/${roundId}/lottery`,
        headers: { ...admin.headers, ...headers },
      });
    };
    await expectBoth(
      lotteryOn,
      200,
      'No one is on the waitlist: no one was selected.',
      'server.rounds.lotteryNoWaitlist',
    );
  });

  it('cargo item writes: no item, nothing to update, a size listed twice', async () => {
    const item = await createCatalogueItem(db(), { quantity: 1 });
    const inject =
      (method: 'POST' | 'PUT', url: string, body?: object) => (headers: Record<string, string>) =>
        server.app.inject({
          method,
          url,
          headers: {
            ...admin.headers,
            ...headers,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
    await expectBoth(
      inject('POST', '/api/cargo/items'),
      400,
      "Send the item as JSON in the part 'data'.",
      'server.cargo.dataMissing',
    );
    await expectBoth(
      inject('PUT', `/api/cargo/items/${item.id}`),
      400,
      'Nothing to update: send the item fields or a picture.',
      'server.cargo.nothingToUpdate',
    );
    await expectBoth(
      inject('POST', '/api/cargo/items', { name: 'Socks', sizeQuantities: { S: 1, ' S': 2 } }),
      400,
      "sizeQuantities: the size 'S' is listed twice.",
      'server.cargo.sizeTwice',
      { size: 'S' },
    );
  });
});
