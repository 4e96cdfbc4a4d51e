// How much more of an item (or one of its sizes) this cart may take (issue 20 item 4: stock
// problems shown where the person chooses, not only at checkout). Two caps, each counting
// what the cart already holds: the stock left (per size for a sized item; the catalogue copy
// already less this device's unsent orders, stock-claims.ts) and the item's maxPerOrder (all
// its sizes together, rules/order-limits.ts). The server stays the judge: this only keeps the
// person from asking for what it would refuse. Pure: the screens give it what they read.
import type { CargoItem } from '#shared/contracts/cargo';
import { nameKey, resolveLineName } from '#shared/rules/order-lines';
import { DEFAULT_MAX_PER_ORDER } from '#shared/rules/order-limits';
import { t } from '../../../i18n/i18n.ts';

/** A cart line as the caps see it. */
export interface HeldLine {
  name: string;
  quantity: number;
}

// The texts are made when asked (at render), in the language of that moment.

/** "Out of stock" */
export function outOfStockText(): string {
  return t('ordering.catalogue.outOfStock');
}

/** "All 2 left are in your cart." */
export function allInCartText(left: number): string {
  return t('ordering.catalogue.allInCart', { left });
}

/** "Your cart already has 2, the most one order may ask for." */
export function maxInCartText(max: number): string {
  return t('ordering.catalogue.maxInCart', { max });
}

/** "3 left in stock" (never "Only 0 left": 0 is "Out of stock"). */
export function leftText(left: number): string {
  return left === 0 ? outOfStockText() : t('ordering.catalogue.left', { left });
}

export interface Room {
  /** The stock left in the catalogue copy for the size (or the item). */
  left: number;
  /** What the cart holds of the size (or the unsized item). */
  inCart: number;
  /** What the cart holds of the item, all sizes together. */
  itemInCart: number;
  max: number;
  /** How many more may be added: 0 or more. */
  more: number;
  /** Why none may be added, in words; null when some may. */
  reason: string | null;
}

function byKeyOf(items: readonly CargoItem[]): Map<string, CargoItem> {
  const byKey = new Map<string, CargoItem>();
  for (const item of items) if (!byKey.has(nameKey(item.name))) byKey.set(nameKey(item.name), item);
  return byKey;
}

const sizeLabels = (item: CargoItem) => Object.keys(item.sizeQuantities);

/** The cart's quantities of `item`: of `size` ('' for unsized) and of all its sizes. */
function heldOf(
  item: CargoItem,
  size: string,
  lines: readonly HeldLine[],
  byKey: Map<string, CargoItem>,
): { inCart: number; itemInCart: number } {
  let inCart = 0;
  let itemInCart = 0;
  for (const line of lines) {
    const target = resolveLineName(line.name, byKey, sizeLabels);
    if (target.kind !== 'item' || target.item.id !== item.id) continue;
    itemInCart += line.quantity;
    if ((target.sizeLabel ?? '') === size) inCart += line.quantity;
  }
  return { inCart, itemInCart };
}

/** The room for more of `item` in `size` ('' for an unsized item), given the cart's lines. */
export function roomFor(
  item: CargoItem,
  size: string,
  lines: readonly HeldLine[],
  items: readonly CargoItem[] = [item],
): Room {
  const left = size === '' ? item.quantity : (item.sizeQuantities[size] ?? 0);
  const max = item.maxPerOrder;
  const { inCart, itemInCart } = heldOf(item, size, lines, byKeyOf(items));
  const more = Math.max(0, Math.min(left - inCart, max - itemInCart));
  let reason: string | null = null;
  if (left <= 0) reason = outOfStockText();
  else if (left - inCart <= 0) reason = allInCartText(left);
  else if (max - itemInCart <= 0) reason = maxInCartText(max);
  return { left, inCart, itemInCart, max, more, reason };
}

/**
 * The most a cart line may hold (its amount field's cap): the stock left of its size and what
 * maxPerOrder leaves beside the item's other lines. A custom line: the custom cap. A line the
 * catalogue copy cannot place (an unknown size): no cap here, the server will say.
 */
export function lineCap(
  line: HeldLine,
  lines: readonly HeldLine[],
  items: readonly CargoItem[],
): number | null {
  const byKey = byKeyOf(items);
  const target = resolveLineName(line.name, byKey, sizeLabels);
  if (target.kind === 'custom') return DEFAULT_MAX_PER_ORDER;
  if (target.kind !== 'item') return null;
  const others = lines.filter((l) => l.name !== line.name);
  const room = roomFor(target.item, target.sizeLabel ?? '', others, items);
  return Math.max(0, Math.min(room.left - room.inCart, room.max - room.itemInCart));
}
