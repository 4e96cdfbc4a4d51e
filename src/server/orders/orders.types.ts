// The orders area's shared shapes: what a cart line resolves to, the stock it moves, and the
// contact details an order carries. Every layer of the area (routes, services, repositories,
// pure rules) takes them from here, so none imports another layer for a type.
import type { Selectable } from 'kysely';
import type { OrderLineRequest, OrderReply } from '#shared/contracts/orders';
import type { RoundTimes } from '#shared/rules/address-window';
import type { OrdersTable } from '../db/schema.ts';

export interface CatalogueSize {
  label: string;
  quantity: number;
}

/** A catalogue item as an order sees it (stock.repository.ts reads it by name). */
export interface CatalogueItem {
  id: number;
  name: string;
  nameKey: string;
  quantity: number;
  maxPerOrder: number;
  sizes: CatalogueSize[];
}

/** A cart line decided against the catalogue (resolve-lines.ts). */
export interface ResolvedLine {
  /** What the order shows: the catalogue's `Name (Size)`, or the custom text as typed. */
  itemName: string;
  quantity: number;
  /** null for a custom request. */
  itemId: number | null;
  sizeLabel: string | null;
  /** Stock seen when the line was resolved (size or total); null for a custom request. */
  seenLeft: number | null;
  /** The catalogue item's own name and maxPerOrder; null for a custom request. */
  item: { id: number; name: string; maxPerOrder: number } | null;
}

/** A line that reserves stock: a catalogue item, and its size when it has sizes. */
export interface StockLine {
  itemName: string;
  itemId: number;
  sizeLabel: string | null;
  quantity: number;
}

/** One conditional stock move of an order: from a size, or (sizeLabel null) the item's total. */
export interface StockTake {
  itemId: number;
  sizeLabel: string | null;
  quantity: number;
}

/** Where the order goes and whom to ask: what the order forms give (order-input.ts). */
export interface OrderContact {
  deliveryAddress: string;
  phoneNumber: string;
  notes: string;
  /** Guest orders only (null on CLIENT orders), like email. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A create request after the form rules: the contact and the lines as typed. */
export interface OrderDetails extends OrderContact {
  lines: OrderLineRequest[];
}

/** An order row as the lists read it. */
export type OrderRecord = Selectable<OrdersTable>;

/** One listed order: its row, its lines, and the times of the round carrying it (or null). */
export interface ListedOrder {
  order: OrderRecord;
  lines: OrderReply['orderItems'];
  round: RoundTimes | null;
}
