// 'Assigned Orders' (PENDING and PROCESSING: Start delivery on a PENDING one, Complete on
// both) and the collapsible 'Completed Orders'.
import type { OutboxRow } from '../../offline/types.ts';
import { orderEntity, VOLUNTEER_KINDS } from '../../offline/actions.ts';
import { CollapsiblePanel, ListOrEmpty, ListPanel } from './panels.tsx';
import { OrderCard } from './order-card.tsx';
import { PendingActions } from './pending-note.tsx';
import type { OrderEntry } from './volunteer-data.ts';

export const NO_ASSIGNED_ORDERS = 'No assigned orders.';
export const NO_COMPLETED_ORDERS = 'No completed orders.';

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
  return (
    <ListPanel title="Assigned Orders" list="assignedOrders" error={error}>
      <PendingActions pending={pending} kind={VOLUNTEER_KINDS.complete} />
      <ListOrEmpty items={entries?.filter(isOpen)} empty={NO_ASSIGNED_ORDERS}>
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
  return (
    <CollapsiblePanel title="Completed Orders">
      <ListOrEmpty items={entries?.filter(isCompleted)} empty={NO_COMPLETED_ORDERS}>
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
