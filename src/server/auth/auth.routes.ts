// Every account route (product-spec.md section 7 "Account"). One login throttle per app:
// failed sign-ins and wrong current passwords on profile changes are counted together.
import type { FastifyInstance } from 'fastify';
import { createAppLoginThrottle, registerLoginRoutes } from './login.routes.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { registerRegistrationRoutes } from './register.routes.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = createAppLoginThrottle(app.ctx.config.rateLimitScale);
  registerLoginRoutes(app, throttle);
  registerRegistrationRoutes(app);
  registerProfileRoutes(app, throttle);
  registerPasswordResetRoutes(app);
}
