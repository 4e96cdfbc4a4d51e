// Cart line names (domain-decisions.md "Stock and orders"): the cart names a sized line
// `Name (Size)`, an unsized one `Name`. The client builds these names; the server reads them
// back to find the catalogue item and size to reserve from.

export interface OrderLineName {
  /** The item name (trimmed). */
  name: string;
  /** The size label inside the last brackets, or null when the line names no size. */
  size: string | null;
}

/** `Socks (L)` → name Socks, size L: the last bracketed group at the end of the text. */
const SIZED_LINE = /^(.*?\S)\s*\(([^()]*)\)$/;

/** The cart line name for an item and an optional size, as the client builds it. */
export function orderLineName(name: string, size?: string | null): string {
  const trimmedSize = size?.trim() ?? '';
  return trimmedSize === '' ? name.trim() : `${name.trim()} (${trimmedSize})`;
}

/**
 * Splits a cart line name into item name and size. A name without a trailing `(…)`, or with
 * empty brackets, has no size. Whether `Name` is really a catalogue item (or the whole text
 * is, as in an unsized item called `Gloves (nitrile)`) is for the caller to decide.
 */
export function parseOrderLineName(text: string): OrderLineName {
  const trimmed = text.trim();
  const match = SIZED_LINE.exec(trimmed);
  const size = match?.[2]?.trim() ?? '';
  if (match?.[1] === undefined || size === '') return { name: trimmed, size: null };
  return { name: match[1].trim(), size };
}

/** Names compare case-insensitively (the catalogue keeps lower(name) as name_key). */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** What a cart line names in the catalogue (the one rule, for the server and the client). */
export type LineTarget<Item> =
  /** An item, with the size label as the catalogue spells it (null for an unsized item). */
  | { kind: 'item'; item: Item; sizeLabel: string | null }
  /** `Name (Size)` of a sized item without that size: the server refuses it. */
  | { kind: 'unknown-size'; item: Item; size: string }
  /** A sized item named without a size: the server refuses it. */
  | { kind: 'size-needed'; item: Item }
  /** No catalogue item: a custom request, stored, reserving nothing. */
  | { kind: 'custom' };

/**
 * Decides what a line names (domain-decisions.md "Stock and orders"): a whole name that is
 * an unsized item wins (an item called `Gloves (nitrile)`); else `Name (Size)` is item Name
 * (case-insensitive) in size Size (case-insensitive); else a sized item named alone needs a
 * size; anything else is a custom request. `byKey` maps nameKey(item name) to the item meant.
 */
export function resolveLineName<Item>(
  itemName: string,
  byKey: ReadonlyMap<string, Item>,
  sizeLabelsOf: (item: Item) => readonly string[],
): LineTarget<Item> {
  const whole = byKey.get(nameKey(itemName));
  if (whole !== undefined && sizeLabelsOf(whole).length === 0) {
    return { kind: 'item', item: whole, sizeLabel: null };
  }
  const { name, size } = parseOrderLineName(itemName);
  const named = size === null ? undefined : byKey.get(nameKey(name));
  if (named !== undefined && size !== null) {
    const sizeKey = size.toLowerCase();
    const label = sizeLabelsOf(named).find((l) => l.toLowerCase() === sizeKey);
    if (label === undefined) return { kind: 'unknown-size', item: named, size };
    return { kind: 'item', item: named, sizeLabel: label };
  }
  if (whole !== undefined) return { kind: 'size-needed', item: whole };
  return { kind: 'custom' };
}
