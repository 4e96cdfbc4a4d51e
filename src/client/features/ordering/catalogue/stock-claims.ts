// What this device has claimed from the catalogue and the server has not counted yet (issue 4
// item 5: "the stock shown subtracts what this device has queued"). The catalogue on the
// device is the server's last answer; an order waiting in the outbox, being sent, or taken
// by the server after that answer, has not been counted in it. Names resolve by the rule the
// server uses (rules/order-lines.ts resolveLineName): a line the server would refuse, or a
// custom request, claims nothing.
import type { CargoItem } from '#shared/contracts/cargo';
import type { OrderLineRequest } from '#shared/contracts/orders';
import { nameKey, resolveLineName } from '#shared/rules/order-lines';
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

const sizeLabels = (item: CargoItem) => Object.keys(item.sizeQuantities);

function claimOne(byKey: Map<string, CargoItem>, line: OrderLineRequest): void {
  const target = resolveLineName(line.itemName, byKey, sizeLabels);
  if (target.kind !== 'item') return;
  const { item, sizeLabel: label } = target;
  if (label === null) {
    item.quantity = Math.max(0, item.quantity - line.quantity);
    return;
  }
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
