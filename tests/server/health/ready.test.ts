// GET /api/ready (issue 18, beyond-spec.md section 5): 200 while the database answers (and
// Redis, when set: tests/server/shared-state/redis-outage.test.ts), 503 with the error
// envelope once the process is shutting down or the database is gone. Who may call it is in
// the route matrix (public: every kind of caller gets the same readiness, nothing else).
import { describe, expect, it } from 'vitest';
import {
  dropDatabaseUnderApp,
  startTestServer,
  testDialects,
  useTestServer,
} from '../../support/build-app.ts';

describe.each(testDialects())('GET /api/ready (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('answers success while the database answers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
  });

  it('answers 503 from the moment shutdown begins, while other requests are still served', async () => {
    const own = await startTestServer(dialect);
    try {
      own.app.beginShutdown();
      const ready = await own.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'error',
        error: 'SERVICE_UNAVAILABLE',
        message: 'The server is restarting. Try again shortly.',
      });
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe.runIf(testDialects().includes('postgres'))('GET /api/ready without its database', () => {
  it('answers 503 within its check timeout once the database is gone', async () => {
    const own = await startTestServer('postgres');
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await dropDatabaseUnderApp(own.config.databaseUrl!);
      const started = performance.now();
      const ready = await own.app.inject({ method: 'GET', url: '/api/ready' });
      expect(performance.now() - started).toBeLessThan(2500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
    } finally {
      await own.close();
    }
  });
});
