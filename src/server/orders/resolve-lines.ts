// Cart lines → catalogue lines and custom requests (domain-decisions.md "Stock and orders").
// Pure: given the lines and the catalogue items their names could mean, decides each line.
// - `Name (Size)`: item Name (case-insensitive), size Size; an unknown size is a 400.
// - `Name`: the item when it has no sizes; a sized item named without a size is a 400.
// - A whole name that is itself an unsized item wins (an item called `Gloves (nitrile)`).
// - Anything else is a custom request: stored, reserves nothing.
// Lines naming the same item and size (or the same custom text) are summed.
import type { OrderLineRequest } from '#shared/contracts/orders';
import { nameKey, orderLineName, parseOrderLineName } from '#shared/rules/order-lines';
import { badRequest } from '../errors.ts';
import type { CatalogueItem, ResolvedLine } from './orders.types.ts';

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

function resolveOne(line: OrderLineRequest, byKey: Map<string, CatalogueItem>): ResolvedLine {
  const whole = byKey.get(nameKey(line.itemName));
  if (whole !== undefined && whole.sizes.length === 0) {
    return catalogueLine(whole, null, line.quantity);
  }
  const parsed = parseOrderLineName(line.itemName);
  const named = parsed.size === null ? undefined : byKey.get(nameKey(parsed.name));
  if (named !== undefined && parsed.size !== null) {
    const sizeKey = parsed.size.toLowerCase();
    const size = named.sizes.find((s) => s.label.toLowerCase() === sizeKey);
    if (size === undefined) {
      throw badRequest(`Unknown size "${parsed.size}" for ${named.name}.`);
    }
    return catalogueLine(named, size.label, line.quantity);
  }
  if (whole !== undefined) throw badRequest(`Please choose a size for ${whole.name}.`);
  const text = line.itemName.trim();
  return {
    itemName: text,
    quantity: line.quantity,
    itemId: null,
    sizeLabel: null,
    seenLeft: null,
    item: null,
  };
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
