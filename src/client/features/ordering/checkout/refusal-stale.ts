// When the cart's refusal no longer speaks of the cart (issue 20 item 4: the red refusal
// stayed after its lines were removed and the cart was empty). A refusal that names lines
// ("Socks (L): only 2 left", "Naloxone: at most 2 per order") is stale once any line it
// names changes its amount or leaves the cart; one that names none (the delivery fields,
// 'Your cart is empty.') once the lines change at all; any refusal once the cart empties.
// Place Order checks everything again, so clearing early never hides a real refusal.
import { nameKey, parseOrderLineName } from '#shared/rules/order-lines';

interface Line {
  name: string;
  quantity: number;
}

function names(message: string, line: Line): boolean {
  const text = message.toLowerCase();
  return (
    text.includes(nameKey(line.name)) || text.includes(nameKey(parseOrderLineName(line.name).name))
  );
}

function amounts(lines: readonly Line[]): Map<string, number> {
  return new Map(lines.map((l) => [nameKey(l.name), l.quantity]));
}

export function refusalStale(
  message: string,
  before: readonly Line[],
  now: readonly Line[],
): boolean {
  if (now.length === 0) return before.length > 0;
  const was = amounts(before);
  const is = amounts(now);
  const named = before.filter((l) => names(message, l));
  if (named.length > 0) return named.some((l) => is.get(nameKey(l.name)) !== l.quantity);
  if (was.size !== is.size) return true;
  return [...was].some(([key, quantity]) => is.get(key) !== quantity);
}
