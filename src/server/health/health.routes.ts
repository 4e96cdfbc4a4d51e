import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

// GET /api/health: success once the database answers.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await sql`select 1`.execute(app.ctx.opened.db);
    return { status: 'success' as const };
  });
}
