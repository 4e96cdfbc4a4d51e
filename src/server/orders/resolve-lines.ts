// Cart lines → catalogue lines and custom requests (domain-decisions.md "Stock and orders").
// Pure: given the lines and the catalogue items their names could mean, decides each line
// by the shared rule (rules/order-lines.ts resolveLineName, which the client's stock claims
// use too); an unknown size, or a sized item named without a size, is a 400. Lines naming
// the same item and size (or the same custom text) are summed.
import type { OrderLineRequest } from '#shared/contracts/orders';
import {
  nameKey,
  orderLineName,
  parseOrderLineName,
  resolveLineName,
} from '#shared/rules/order-lines';
import { badRequest } from '../errors.ts';
import type { CatalogueItem, ResolvedLine } from './orders.types.ts';
import { message } from '#shared/i18n/messages';

/** The name keys a set of lines could refer to: each whole name and each parsed name. */
export function candidateKeys(lines: readonly OrderLineRequest[]): string[] {
  const keys = new Set<string>();
  for (const line of lines) {
    keys.add(nameKey(line.itemName));
    keys.add(nameKey(parseOrderLineName(line.itemName).name));
  }
  return [...keys];
}

function catalogueLine(item: CatalogueItem, sizeLabel: string | null, quantity: number) {
  const size = item.sizes.find((s) => s.label === sizeLabel);
  return {
    itemName: orderLineName(item.name, sizeLabel),
    quantity,
    itemId: item.id,
    sizeLabel,
    seenLeft: size?.quantity ?? item.quantity,
    item: { id: item.id, name: item.name, maxPerOrder: item.maxPerOrder },
  };
}

const sizeLabels = (item: CatalogueItem) => item.sizes.map((s) => s.label);

function resolveOne(line: OrderLineRequest, byKey: Map<string, CatalogueItem>): ResolvedLine {
  const target = resolveLineName(line.itemName, byKey, sizeLabels);
  switch (target.kind) {
    case 'item':
      return catalogueLine(target.item, target.sizeLabel, line.quantity);
    case 'unknown-size':
      throw badRequest(
        message('server.orders.unknownSize', { size: target.size, name: target.item.name }),
      );
    case 'size-needed':
      throw badRequest(message('server.orders.chooseSize', { name: target.item.name }));
    case 'custom':
      return {
        itemName: line.itemName.trim(),
        quantity: line.quantity,
        itemId: null,
        sizeLabel: null,
        seenLeft: null,
        item: null,
      };
  }
}

function lineKey(line: ResolvedLine): string {
  return line.itemId === null
    ? `custom:${line.itemName.toLowerCase()}`
    : `item:${line.itemId}:${line.sizeLabel ?? ''}`;
}

export function resolveLines(
  lines: readonly OrderLineRequest[],
  catalogue: readonly CatalogueItem[],
): ResolvedLine[] {
  const byKey = new Map<string, CatalogueItem>();
  // Lowest id first: should two items share a name, the older one is the one meant.
  for (const item of catalogue) {
    const key = nameKey(item.nameKey);
    if (!byKey.has(key)) byKey.set(key, item);
  }
  const merged = new Map<string, ResolvedLine>();
  for (const line of lines) {
    const resolved = resolveOne(line, byKey);
    const key = lineKey(resolved);
    const seen = merged.get(key);
    if (seen === undefined) merged.set(key, resolved);
    else seen.quantity += resolved.quantity;
  }
  return [...merged.values()];
}
