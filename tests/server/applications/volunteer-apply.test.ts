import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '#shared/rules/applications';
import { VOLUNTEER_APPLY_PATH } from '#shared/contracts/applications';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCallers } from '../callers.ts';
import { english } from '../../support/english.ts';

function application(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${randomUUID()}@example.org`,
    phone: '+1 (555) 123-4567',
    notes: 'Weekends',
    submissionTime: Math.floor(Date.now() / 1000),
    ...overrides,
  };
}

describe.each(testDialects())('POST /api/volunteer/apply (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });
  const callers = useCallers(server);

  function apply(body: unknown, headers: Record<string, string> = {}) {
    return server.app.inject({
      method: 'POST',
      url: VOLUNTEER_APPLY_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  }

  function stored(id: number) {
    return server.app.ctx.opened.db
      .selectFrom('volunteer_applications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('stores a PENDING application from every caller', async () => {
    for (const caller of callers) {
      const sent = application({ notes: `from ${caller.label}` });
      const res = await apply(sent, caller.headers);
      expect(res.statusCode, caller.label).toBe(200);
      const body = res.json<{ status: string; applicationId: number }>();
      expect(body.status).toBe('success');
      const row = await stored(body.applicationId);
      expect(row).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: sent.email,
        phone: sent.phone,
        notes: sent.notes,
        status: 'PENDING',
        decided_at: null,
      });
    }
  });

  it('keeps the submissionTime of a late (queued) submit, and ignores an implausible one', async () => {
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
    const late = await apply(application({ submissionTime: twoHoursAgo }));
    const lateRow = await stored(late.json<{ applicationId: number }>().applicationId);
    expect(lateRow.submission_date).toBe(new Date(twoHoursAgo * 1000).toISOString());
    const future = Math.floor(Date.now() / 1000) + 86_400;
    const odd = await apply(application({ submissionTime: future }));
    const oddRow = await stored(odd.json<{ applicationId: number }>().applicationId);
    expect(oddRow.submission_date < new Date(future * 1000).toISOString()).toBe(true);
  });

  it('refuses a second pending application for the same email with 409', async () => {
    const first = application();
    expect((await apply(first)).statusCode).toBe(200);
    const again = await apply({ ...first, email: first.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', error: 'CONFLICT' });
  });

  it('refuses a userId that names someone else (403)', async () => {
    const client = callers.find((c) => c.label === 'CLIENT')!;
    const forged = application({ userId: client.userId! + 1000 });
    expect((await apply(forged, client.headers)).statusCode).toBe(403);
    expect((await apply(application({ userId: client.userId }))).statusCode).toBe(403);
  });

  it('answers bad input with 400 and the spec messages', async () => {
    const cases: [unknown, string | null][] = [
      [application({ firstName: ' ' }), english(APPLICATION_MESSAGES.volunteerFirstName)],
      [application({ lastName: undefined }), english(APPLICATION_MESSAGES.volunteerLastName)],
      [application({ email: 'not-an-email' }), english(APPLICATION_MESSAGES.volunteerEmail)],
      [application({ phone: '555-CALL-NOW' }), english(APPLICATION_MESSAGES.volunteerPhone)],
      [application({ phone: '' }), english(APPLICATION_MESSAGES.volunteerPhone)],
      [application({ submissionTime: 'yesterday' }), null],
      [application({ firstName: 42 }), null],
      [[1, 2, 3], null],
    ];
    for (const [body, message] of cases) {
      const res = await apply(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = res.json<{ message: string; error: string }>();
      expect(envelope.error).toBe('BAD_REQUEST');
      if (message !== null) expect(envelope.message).toBe(message);
    }
  });

  it('stores a replayed application once and answers the same reply', async () => {
    const key = randomUUID();
    const body = application();
    const first = await apply(body, { 'idempotency-key': key });
    const second = await apply(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await server.app.ctx.opened.db
      .selectFrom('volunteer_applications')
      .select('id')
      .where('email', '=', body.email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
