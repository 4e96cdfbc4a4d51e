// POST /api/admin/privacy/purge: runs the retention sweep now and replies what it removed
// (beyond-spec.md section 2 "Retention"); the sweep records itself in the audit log under the
// admin who asked.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRIVACY_PATHS, purgeMessage, purgeReply } from '#shared/contracts/privacy';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { callerOf } from '../plugins/access.ts';

export async function privacyRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  app.post(
    PRIVACY_PATHS.purge,
    { config: { access: ADMIN_ONLY }, schema: { response: { 200: purgeReply } } },
    async (request) => {
      const admin = callerOf(request);
      const purged = await app.retentionSweeper.run({
        userId: admin.userId,
        username: admin.username,
      });
      return { status: 'success' as const, message: purgeMessage(purged), purged };
    },
  );
}
