// Every order route (product-spec.md section 7 "Orders" and the admin's move to a round).
import type { FastifyInstance } from 'fastify';
import { orderActionRoutes } from './order-actions.routes.ts';
import { orderCreateRoutes } from './order-create.routes.ts';
import { orderListRoutes } from './order-lists.routes.ts';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  await orderCreateRoutes(app);
  await orderListRoutes(app);
  await orderActionRoutes(app);
}
