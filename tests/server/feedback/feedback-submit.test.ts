import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '#shared/rules/feedback';
import { FEEDBACK_SUBMIT_PATH } from '#shared/contracts/feedback';
import { startTestServer, testDialects, useTestServer } from '../../support/build-app.ts';
import { useCallers } from '../callers.ts';
import { english } from '../../support/english.ts';

describe.each(testDialects())('POST /api/feedback/submit (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });
  const callers = useCallers(server);

  function submit(body: unknown, headers: Record<string, string> = {}) {
    return server.app.inject({
      method: 'POST',
      url: FEEDBACK_SUBMIT_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  }

  async function storedFeedback(id: number) {
    return server.app.ctx.opened.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('takes feedback from every caller; the name is the session username when signed in', async () => {
    for (const caller of callers) {
      const content = `Thanks from ${caller.label}`;
      const res = await submit(
        { name: 'Someone Else', phoneNumber: ' 5551234567 ', content },
        caller.headers,
      );
      expect(res.statusCode, caller.label).toBe(200);
      const body = res.json<{ status: string; id: number }>();
      expect(body.status).toBe('success');
      const row = await storedFeedback(body.id);
      expect(row.content).toBe(content);
      expect(row.phone_number).toBe('5551234567');
      expect(row.user_id).toBe(caller.userId);
      expect(row.name).toBe(caller.username ?? 'Someone Else');
    }
  });

  it('refuses a userId that names someone else (403), signed in or not', async () => {
    const client = callers.find((c) => c.label === 'CLIENT')!;
    const forged = { userId: client.userId! + 1000, phoneNumber: '1', content: 'x' };
    expect((await submit(forged, client.headers)).statusCode).toBe(403);
    expect((await submit({ ...forged, userId: client.userId })).statusCode).toBe(403);
    const own = await submit({ ...forged, userId: client.userId }, client.headers);
    expect(own.statusCode).toBe(200);
  });

  it('answers bad input with 400 and the spec messages', async () => {
    const cases: [unknown, string | null][] = [
      [{ phoneNumber: '555', content: '  ' }, english(FEEDBACK_MESSAGES.feedbackContent)],
      [{ phoneNumber: '555' }, english(FEEDBACK_MESSAGES.feedbackContent)],
      [{ phoneNumber: '', content: 'hello' }, english(FEEDBACK_MESSAGES.feedbackPhone)],
      [{ content: 'hello' }, english(FEEDBACK_MESSAGES.feedbackPhone)],
      [{ phoneNumber: 555, content: 'hello' }, null],
      [{ phoneNumber: '555', content: 'x'.repeat(5001) }, null],
      ['just text', null],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = res.json<{ status: string; message: string; error: string }>();
      expect(envelope).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
      if (message !== null) expect(envelope.message).toBe(message);
    }
    const count = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone_number', '=', '555')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });

  it('stores a replayed submission once and answers the same reply', async () => {
    const key = randomUUID();
    const body = { phoneNumber: '5550000000', content: `replay ${key}` };
    const first = await submit(body, { 'idempotency-key': key });
    const second = await submit(body, { 'idempotency-key': key });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', body.content)
      .execute();
    expect(rows).toHaveLength(1);
    const reused = await submit({ ...body, content: 'other' }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
  });
});

describe('POST /api/feedback/submit rate limit', () => {
  it('answers 429 with Retry-After once a client sends too many', async () => {
    const server = await startTestServer('sqlite');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        const res = await server.app.inject({
          method: 'POST',
          url: FEEDBACK_SUBMIT_PATH,
          headers: { 'content-type': 'application/json' },
          payload: { phoneNumber: '1', content: `n${i}` },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
      }
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });
});
