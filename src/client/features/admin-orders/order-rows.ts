// One table row per order item (product-spec.md section 2 "Admin orders"). The order's actions
// (Cancel, the round) go on its first row only, so each order has one of each.
import type { OrderReply } from '#shared/contracts/orders';
import { t } from '../../i18n/i18n.ts';

export interface OrderRow {
  key: string;
  order: OrderReply;
  itemName: string;
  quantity: number | null;
  isCustom: boolean;
  /** The order's first row carries its actions. */
  first: boolean;
}

export function orderRows(orders: readonly OrderReply[]): OrderRow[] {
  return orders.flatMap((order): OrderRow[] => {
    // An order always has items; an empty one still gets a row so it can be cancelled.
    if (order.orderItems.length === 0) {
      return [
        {
          key: `${order.orderId}`,
          order,
          itemName: '',
          quantity: null,
          isCustom: false,
          first: true,
        },
      ];
    }
    return order.orderItems.map((item, index) => ({
      key: `${order.orderId}-${index}`,
      order,
      itemName: item.itemName,
      quantity: item.quantity,
      isCustom: item.isCustom,
      first: index === 0,
    }));
  });
}

/** Who placed the order: the client's user id, or the guest's name ('—' for a deleted client). */
export function ordererText(order: OrderReply): string {
  if (order.userId !== null) return String(order.userId);
  if (order.orderType !== 'GUEST') return '—';
  const name = [order.firstName, order.lastName].filter((part) => part !== null && part !== '');
  return name.length === 0
    ? t('admin.orders.guest')
    : t('admin.orders.guestNamed', { name: name.join(' ') });
}
