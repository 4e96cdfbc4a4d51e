// Privacy operations for admins (beyond-spec.md section 2 "Retention").
import { z } from 'zod';
import { successReply } from './replies.ts';

export const PRIVACY_PATHS = {
  purge: '/api/admin/privacy/purge',
} as const;

export const purgeReply = successReply({
  purged: z.object({
    orders: z.number(),
    feedback: z.number(),
    applications: z.number(),
  }),
});
export type PurgeReply = z.infer<typeof purgeReply>;

/** What the screen shows after a purge (e.g. "Removed personal data from 3 orders…"). */
export function purgeMessage(purged: PurgeReply['purged']): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `Removed personal data from ${part(purged.orders, 'order', 'orders')} and ` +
    `${part(purged.feedback, 'feedback message', 'feedback messages')}; deleted ` +
    `${part(purged.applications, 'rejected application', 'rejected applications')}.`
  );
}
