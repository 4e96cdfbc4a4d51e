// Every account route (product-spec.md section 7 "Account"). One sign-in guard per app:
// failed sign-ins and wrong current passwords on profile changes are counted together.
import type { FastifyInstance } from 'fastify';
import { registerEmailVerificationRoutes } from './email-verification.routes.ts';
import { registerLoginRoutes } from './login.routes.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { registerRegistrationRoutes } from './register.routes.ts';
import { createSignInGuard, signInThrottleStore } from './sign-in-guard.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const store = signInThrottleStore(app.ctx.redis, app.log);
  const guard = await createSignInGuard(app.ctx.opened.db, app.ctx.config, store);
  registerLoginRoutes(app, guard);
  registerRegistrationRoutes(app);
  registerProfileRoutes(app, guard);
  registerPasswordResetRoutes(app, guard);
  registerEmailVerificationRoutes(app);
}
