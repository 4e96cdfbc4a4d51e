// Reserving and giving back stock for an order's catalogue lines, inside the order's own
// transaction (domain-decisions.md "Stock and orders").
// Invariants: stock never goes below 0 (every take is a conditional UPDATE … WHERE quantity >=
// n whose affected-row count is checked); an order short on any line reserves nothing (the
// caller's transaction rolls back on the 409). Rows are always touched in one global order
// (item id, then its sizes by label, then its total), so two orders never wait on each other
// in a cycle on PostgreSQL's row locks. SQLite serialises writers (BEGIN IMMEDIATE).
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import { conflict } from '../errors.ts';
import type { ResolvedLine, StockLine, StockTake } from './orders.types.ts';
import {
  returnToItem,
  returnToSize,
  stockLeft,
  takeFromItem,
  takeFromSize,
} from './stock.repository.ts';

type Trx = Transaction<Database>;

interface ItemMove {
  itemId: number;
  /** Sized lines, by label. */
  sized: StockLine[];
  /** Lines on the item's total (an unsized item). */
  unsized: StockLine[];
}

function byItem(lines: readonly StockLine[]): ItemMove[] {
  const moves = new Map<number, ItemMove>();
  for (const line of lines) {
    let move = moves.get(line.itemId);
    if (move === undefined) {
      move = { itemId: line.itemId, sized: [], unsized: [] };
      moves.set(line.itemId, move);
    }
    (line.sizeLabel === null ? move.unsized : move.sized).push(line);
  }
  const sorted = [...moves.values()].sort((a, b) => a.itemId - b.itemId);
  for (const move of sorted) {
    move.sized.sort((a, b) => ((a.sizeLabel ?? '') < (b.sizeLabel ?? '') ? -1 : 1));
  }
  return sorted;
}

const sum = (lines: readonly StockLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

function shortMessage(short: readonly { itemName: string; left: number }[]): string {
  return short.map((s) => `${s.itemName}: only ${s.left} left`).join('; ');
}

export function catalogueLines(lines: readonly ResolvedLine[]): StockLine[] {
  const stock: StockLine[] = [];
  for (const line of lines) {
    if (line.itemId === null) continue;
    stock.push({ ...line, itemId: line.itemId });
  }
  return stock;
}

/** Lines that asked for more than was seen left when they were resolved. */
function seenShort(lines: readonly ResolvedLine[]) {
  return lines
    .filter((l) => l.seenLeft !== null && l.quantity > l.seenLeft)
    .map((l) => ({ itemName: l.itemName, left: l.seenLeft ?? 0 }));
}

/**
 * The moves reserveStock makes, in its lock order: per item (by id) each size (by label), then
 * the item's total by everything the item's lines take. PostgreSQL's place_order makes these
 * moves in one statement (place-order.service.ts).
 */
export function stockTakes(lines: readonly ResolvedLine[]): StockTake[] {
  const takes: StockTake[] = [];
  for (const move of byItem(catalogueLines(lines))) {
    for (const line of move.sized) {
      takes.push({ itemId: move.itemId, sizeLabel: line.sizeLabel, quantity: line.quantity });
    }
    const total = sum(move.sized) + sum(move.unsized);
    takes.push({ itemId: move.itemId, sizeLabel: null, quantity: total });
  }
  return takes;
}

/** True when a line asks for more than was seen left: reserveStock refuses the order. */
export function isSeenShort(lines: readonly ResolvedLine[]): boolean {
  return seenShort(lines).length > 0;
}

/** Takes one item's lines; returns the lines that could not be taken (with what is read). */
async function takeItem(trx: Trx, move: ItemMove, now: Date): Promise<StockLine[]> {
  const failed: StockLine[] = [];
  for (const line of move.sized) {
    if (!(await takeFromSize(trx, move.itemId, line.sizeLabel ?? '', line.quantity)))
      failed.push(line);
  }
  if (failed.length > 0) return failed;
  const total = sum(move.sized) + sum(move.unsized);
  if (await takeFromItem(trx, move.itemId, total, now)) return [];
  // The total is short: for an unsized item that is the line's stock; for a sized one the
  // total disagrees with its sizes, and the total is what is really left.
  return [...move.sized, ...move.unsized].map((l) => ({ ...l, sizeLabel: null }));
}

/**
 * Reserves every catalogue line or throws 409 naming each short line and what is left
 * ("Socks (L): only 2 left"). The caller's transaction must roll back on that throw.
 */
export async function reserveStock(w: WriteContext, lines: readonly ResolvedLine[]): Promise<void> {
  const { trx, now } = w;
  const short = seenShort(lines);
  if (short.length > 0) throw conflict(shortMessage(short));
  const failed: StockLine[] = [];
  for (const move of byItem(catalogueLines(lines)))
    failed.push(...(await takeItem(trx, move, now)));
  if (failed.length === 0) return;
  // Another order took stock between our read and our update (PostgreSQL): read it afresh.
  const reread = [];
  for (const line of failed) {
    reread.push({
      itemName: line.itemName,
      left: await stockLeft(trx, line.itemId, line.sizeLabel),
    });
  }
  throw conflict(shortMessage(reread));
}

/** Gives back what an order reserved, to the sizes and items that still exist. */
export async function releaseStock(w: WriteContext, lines: readonly StockLine[]): Promise<void> {
  const { trx, now } = w;
  for (const move of byItem(lines)) {
    let sizedBack = 0;
    for (const line of move.sized) {
      if (await returnToSize(trx, move.itemId, line.sizeLabel ?? '', line.quantity))
        sizedBack += line.quantity;
    }
    if (sizedBack > 0) await returnToItem(trx, move.itemId, sizedBack, now, false);
    const unsized = sum(move.unsized);
    if (unsized > 0) await returnToItem(trx, move.itemId, unsized, now, true);
  }
}
