// The order path templates (contracts/orders.ts re-exports them and fills them in), in a file
// of their own without zod: the offline engine, in the landing's entry script, builds its
// mirrored lists' paths from them, and importing the schemas there would put zod in the entry.
// Templates only, filled in by the area's contract: with two entry modules importing
// paths.ts, Rolldown split pathTo out of the entry (a modulepreload on the landing).
export const ORDER_PATHS = {
  create: '/api/orders/create',
  guestCreate: '/api/orders/guest/create',
  /** GET /api/orders/user/{userId} */
  userOrders: '/api/orders/user/:userId',
  /** GET /api/orders/user/{userId}/cancelled: the client's recently cancelled orders */
  userCancelled: '/api/orders/user/:userId/cancelled',
  /** POST /api/orders/{orderId}/cancel */
  cancel: '/api/orders/:orderId/cancel',
  all: '/api/orders/all',
  volunteerAssigned: '/api/orders/volunteer/assigned',
  /** PUT /api/orders/{orderId}/status */
  status: '/api/orders/:orderId/status',
  /** PUT /api/admin/orders/{orderId}/round */
  adminRound: '/api/admin/orders/:orderId/round',
} as const;
