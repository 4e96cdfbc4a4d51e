// What this device has claimed from the catalogue and the server has not counted yet (issue 4
// item 5: "the stock shown subtracts what this device has queued"). The catalogue on the
// device is the server's last answer; an order waiting in the outbox, being sent, or taken
// by the server after that answer, has not been counted in it. Names resolve the way the
// server resolves them (domain-decisions.md "Stock and orders"): a whole name that is an
// unsized item wins, else `Name (Size)`; anything else is a custom request and claims nothing.
import type { CargoItem } from '#shared/contracts/cargo';
import type { OrderLineRequest } from '#shared/contracts/orders';
import { nameKey, parseOrderLineName } from '#shared/rules/order-lines';
import { placedLines } from '../../../offline/actions.ts';
import type { OutboxRow } from '../../../offline/types.ts';

function notCounted(row: OutboxRow, catalogueRefreshedAt: string | null): boolean {
  if (row.status === 'queued' || row.status === 'sending') return true;
  return row.status === 'done' && (catalogueRefreshedAt ?? '') < row.updatedAt;
}

/** Lines of the orders on this device that the catalogue copy does not reflect yet. */
export function claimedLines(
  rows: readonly OutboxRow[],
  catalogueRefreshedAt: string | null,
): OrderLineRequest[] {
  return rows.filter((row) => notCounted(row, catalogueRefreshedAt)).flatMap(placedLines);
}

function claimOne(byKey: Map<string, CargoItem>, line: OrderLineRequest): void {
  const whole = byKey.get(nameKey(line.itemName));
  if (whole !== undefined && Object.keys(whole.sizeQuantities).length === 0) {
    whole.quantity = Math.max(0, whole.quantity - line.quantity);
    return;
  }
  const { name, size } = parseOrderLineName(line.itemName);
  const item = size === null ? undefined : byKey.get(nameKey(name));
  if (item === undefined || size === null) return;
  const label = Object.keys(item.sizeQuantities).find(
    (l) => l.toLowerCase() === size.toLowerCase(),
  );
  if (label === undefined) return;
  const left = item.sizeQuantities[label] ?? 0;
  const taken = Math.min(left, line.quantity);
  item.sizeQuantities[label] = left - taken;
  item.quantity = Math.max(0, item.quantity - taken);
}

/** The catalogue with the claimed lines taken off (never below 0); the input is not changed. */
export function subtractClaims(
  items: readonly CargoItem[],
  lines: readonly OrderLineRequest[],
): CargoItem[] {
  const copies = items.map((item) => ({ ...item, sizeQuantities: { ...item.sizeQuantities } }));
  if (lines.length === 0) return copies;
  const byKey = new Map<string, CargoItem>();
  for (const item of copies)
    if (!byKey.has(nameKey(item.name))) byKey.set(nameKey(item.name), item);
  for (const line of lines) claimOne(byKey, line);
  return copies;
}
