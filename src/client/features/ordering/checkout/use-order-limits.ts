// What the order limits need from this device (order-limit-check.ts), read live: the mirrored
// catalogue, the client's 'myOrders' mirror (none for a guest) and the order actions.
import { useMirrorList } from '../../../offline/hooks.ts';
import { useOrderOutbox } from '../../../offline/orders-outbox.ts';
import { limitCatalogue, type LimitKnowledge } from './order-limit-check.ts';

export function useLimitKnowledge(who: 'client' | 'guest'): LimitKnowledge {
  const catalogue = useMirrorList('catalogue');
  const myOrders = useMirrorList('myOrders');
  const outbox = useOrderOutbox();
  return {
    catalogue: limitCatalogue(catalogue ?? []),
    myOrders: who === 'client' ? (myOrders ?? []) : [],
    outbox: outbox ?? [],
  };
}
