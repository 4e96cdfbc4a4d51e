// The All Orders table: a row per order item with order id, status, item, quantity, time,
// user id, address, phone, note, type and round; Cancel (PENDING or PROCESSING only) and the
// round select on the order's first row.
import type { OrderReply } from '#shared/contracts/orders';
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { orderStatusWord, orderTypeWord } from '../../ui/code-words.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { addressText } from '../../ui/personal-data.ts';
import {
  AdminTable,
  adminStyles as styles,
  EmptyText,
  HeaderRow,
} from '../../ui/admin/admin-kit.tsx';
import { isOpen } from './admin-orders-api.ts';
import { orderRows, ordererText, type OrderRow } from './order-rows.ts';
import { RoundSelect } from './round-select.tsx';

const columns = (t: Translate) => [
  t('admin.orders.column.orderId'),
  t('admin.orders.column.status'),
  t('admin.orders.column.item'),
  t('admin.orders.column.quantity'),
  t('admin.orders.column.time'),
  t('admin.orders.column.userId'),
  t('admin.orders.column.address'),
  t('admin.orders.column.phone'),
  t('admin.orders.column.note'),
  t('admin.orders.column.type'),
  t('admin.orders.column.round'),
  t('admin.orders.column.actions'),
];

export interface OrderActions {
  rounds: readonly AdminRound[];
  busy: number | null;
  onCancel: (order: OrderReply) => void;
  onMove: (order: OrderReply, roundId: number | null) => void;
}

/**
 * Cancel and the round select, on the order's first row while it is open. The table fits a
 * laptop (long cells wrap); on a narrower screen the column stays in view while the others
 * scroll under it.
 */
function ActionCell({ row, actions }: { row: OrderRow; actions: OrderActions }) {
  const t = useT();
  const { order } = row;
  if (!row.first || !isOpen(order.status)) return <td className={styles.stickyEnd} />;
  const busy = actions.busy === order.orderId;
  return (
    <td className={styles.stickyEnd}>
      <div className={styles.actions}>
        <Button variant="danger" disabled={busy} onClick={() => actions.onCancel(order)}>
          {t('admin.orders.cancel')}
        </Button>
        <RoundSelect
          orderId={order.orderId}
          roundId={order.roundId}
          rounds={actions.rounds}
          disabled={busy}
          onMove={(roundId) => actions.onMove(order, roundId)}
        />
      </div>
    </td>
  );
}

function OrderTableRow({ row, actions }: { row: OrderRow; actions: OrderActions }) {
  const t = useT();
  const { order } = row;
  return (
    <tr data-order-id={order.orderId}>
      <td>{order.orderId}</td>
      <td>
        <StatusBadge status={order.status}>{orderStatusWord(order.status)}</StatusBadge>
      </td>
      <td>
        {orDash(row.itemName)}
        {row.isCustom && <em className={styles.nowrap}> {t('admin.orders.custom')}</em>}
      </td>
      <td>{orDash(row.quantity)}</td>
      <td>{formatTime(order.requestTime)}</td>
      <td>{ordererText(order)}</td>
      <td className={styles.wide}>{addressText(order, formatTime)}</td>
      <td className={styles.nowrap}>{orDash(order.phoneNumber)}</td>
      <td className={styles.wide}>{orDash(order.notes)}</td>
      <td>{orderTypeWord(order.orderType)}</td>
      <td>{orDash(order.roundId)}</td>
      <ActionCell row={row} actions={actions} />
    </tr>
  );
}

export function OrdersTable({ orders, actions }: { orders: OrderReply[]; actions: OrderActions }) {
  const t = useT();
  if (orders.length === 0) return <EmptyText>{t('admin.orders.empty')}</EmptyText>;
  return (
    <AdminTable caption={t('admin.orders.caption')}>
      <HeaderRow columns={columns(t)} stickyLast />
      <tbody>
        {orderRows(orders).map((row) => (
          <OrderTableRow key={row.key} row={row} actions={actions} />
        ))}
      </tbody>
    </AdminTable>
  );
}
