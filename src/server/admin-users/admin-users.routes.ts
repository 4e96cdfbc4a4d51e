// Admin user routes (product-spec.md section 7 "Admin users"), ADMIN only: the list here, the
// account actions and the user forms in their own files.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_PATHS,
  adminUsersReply,
  type AdminUsersReply,
} from '#shared/contracts/admin-users';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { registerAccountActionRoutes } from './account-actions.routes.ts';
import { adminUserOf, listUsers } from './admin-users.repository.ts';
import { registerUserFormRoutes } from './user-forms.routes.ts';

export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;

  const list = { response: { 200: adminUsersReply } };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(ADMIN_USER_PATHS.users, { config: { access: ADMIN_ONLY }, schema: list }, async () => {
    const users = (await listUsers(db)).map(adminUserOf);
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
