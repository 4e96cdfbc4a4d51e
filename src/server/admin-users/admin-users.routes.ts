// Admin user routes (product-spec.md section 7 "Admin users"), ADMIN only: the list here, the
// account actions and the user forms in their own files. The list holds users' phones: the
// read is recorded in the audit log before it is sent (beyond-spec.md section 2).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_PATHS,
  adminUsersReply,
  type AdminUsersReply,
} from '#shared/contracts/admin-users';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { recordRead } from '../http/personal-data-reads.ts';
import { registerAccountActionRoutes } from './account-actions.routes.ts';
import { adminUserOf, listUsers } from './admin-users.repository.ts';
import { registerUserFormRoutes } from './user-forms.routes.ts';

export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;

  const list = { response: { 200: adminUsersReply } };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: ADMIN_ONLY };
  typed.get(ADMIN_USER_PATHS.users, { config: access, schema: list }, async (request) => {
    const users = (await listUsers(db)).map(adminUserOf);
    const withPhone = users.filter((u) => u.phone !== null && u.phone !== '');
    await recordRead(
      request,
      app.ctx.config.clock(),
      'user',
      withPhone.map((u) => u.userId),
    );
    const body: AdminUsersReply = {
      status: 'success',
      data: {
        clients: users.filter((u) => u.role === 'CLIENT'),
        volunteers: users.filter((u) => u.role === 'VOLUNTEER'),
        admins: users.filter((u) => u.role === 'ADMIN'),
      },
    };
    return body;
  });

  registerAccountActionRoutes(app);
  registerUserFormRoutes(app);
}
