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
