// The PostgreSQL pool outlives a connection the server ends (a restart, an administrator, a
// failover): without an 'error' listener on the pool that is an uncaught exception, and the
// whole process stops. The next query gets a new connection.
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';

describe.each(testDialects().filter((d) => d === 'postgres'))('database pool (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('survives the server ending an idle connection, and answers the next request', async () => {
    const db = server.app.ctx.opened.db;
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    // Let the pool's idle connection receive the termination before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('survives the server ending a connection a transaction holds between its statements', async () => {
    const db = server.app.ctx.opened.db;
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    try {
      // While a transaction holds a connection, pg's pool has taken its own 'error' listener
      // off it: the termination arriving between two statements was an uncaught exception
      // (seen in CI when /api/ready's test dropped the database under the app).
      const ended = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(ended).rejects.toThrow();
    } finally {
      await admin.end();
    }
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
