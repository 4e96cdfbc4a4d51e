// 'Assigned Orders' (PENDING and PROCESSING: Start delivery on a PENDING one, Complete on
// both) and the collapsible 'Completed Orders'.
import { useT } from '../../i18n/i18n.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { orderEntity, VOLUNTEER_KINDS } from '../../offline/actions.ts';
import { CollapsiblePanel, ListOrEmpty, ListPanel } from './panels.tsx';
import { OrderCard } from './order-card.tsx';
import { PendingActions } from './pending-note.tsx';
import type { OrderEntry } from './volunteer-data.ts';

interface OrdersProps {
  entries: OrderEntry[] | undefined;
  pending: Map<string, OutboxRow>;
  onOpen: (entry: OrderEntry) => void;
}

const isOpen = (e: OrderEntry) => e.order.status === 'PENDING' || e.order.status === 'PROCESSING';
const isCompleted = (e: OrderEntry) => e.order.status === 'COMPLETED';

export function AssignedOrders({
  entries,
  pending,
  onOpen,
  onStartDelivery,
  onComplete,
  error,
}: OrdersProps & {
  onStartDelivery: (entry: OrderEntry) => void;
  onComplete: (entry: OrderEntry) => void;
  error: string | null;
}) {
  const t = useT();
  return (
    <ListPanel title={t('volunteer.orders.assignedTitle')} list="assignedOrders" error={error}>
      <PendingActions pending={pending} kind={VOLUNTEER_KINDS.complete} />
      <ListOrEmpty items={entries?.filter(isOpen)} empty={t('volunteer.orders.noAssigned')}>
        {(entry) => (
          <OrderCard
            key={entry.row.key}
            entry={entry}
            pending={pending.get(orderEntity(entry.order.orderId))}
            onOpen={() => onOpen(entry)}
            onStartDelivery={() => onStartDelivery(entry)}
            onComplete={() => onComplete(entry)}
          />
        )}
      </ListOrEmpty>
    </ListPanel>
  );
}

export function CompletedOrders({ entries, pending, onOpen }: OrdersProps) {
  const t = useT();
  return (
    <CollapsiblePanel title={t('volunteer.orders.completedTitle')}>
      <ListOrEmpty items={entries?.filter(isCompleted)} empty={t('volunteer.orders.noCompleted')}>
        {(entry) => (
          <OrderCard
            key={entry.row.key}
            entry={entry}
            pending={pending.get(orderEntity(entry.order.orderId))}
            onOpen={() => onOpen(entry)}
          />
        )}
      </ListOrEmpty>
    </CollapsiblePanel>
  );
}
