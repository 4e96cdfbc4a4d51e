import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { successReply } from '#shared/contracts/security';

// GET /api/health: success once the database answers.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: successReply } } },
      async () => {
        await sql`select 1`.execute(app.ctx.opened.db);
        return { status: 'success' as const };
      },
    );
}
