// Item JSON (create or update), as the route schema parsed it → what the writes need: trimmed
// texts ('' clears an optional text), sizes as an ordered map of trimmed labels (a label given
// twice once trimmed is refused here), and the total named once.
import type { z } from 'zod';
import { CARGO_LIMITS, type cargoItemCreate, type cargoItemUpdate } from '#shared/contracts/cargo';
import { DEFAULT_MAX_PER_ORDER } from '#shared/rules/order-limits';
import { badRequest } from '../errors.ts';
import { message } from '#shared/i18n/messages';

export interface ItemCreateInput {
  name: string;
  description: string | null;
  category: string | null;
  /** The total; the sum of the sizes when there are sizes. */
  quantity: number;
  sizes: ReadonlyMap<string, number>;
  maxPerOrder: number;
}

/** Fields left undefined stay as they are. */
export interface ItemPatch {
  name?: string;
  description?: string | null;
  category?: string | null;
  quantity?: number;
  /** The item's new sizes (empty: no sizes any more). */
  sizes?: ReadonlyMap<string, number>;
  maxPerOrder?: number;
}

function sizesOf(record: Record<string, number>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const [label, quantity] of Object.entries(record)) {
    const trimmed = label.trim();
    if (sizes.has(trimmed)) throw badRequest(message('server.cargo.sizeTwice', { size: trimmed }));
    sizes.set(trimmed, quantity);
  }
  return sizes;
}

export function sumOfSizes(sizes: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const quantity of sizes.values()) total += quantity;
  if (total > CARGO_LIMITS.quantity) {
    const max = String(CARGO_LIMITS.quantity);
    throw badRequest(message('server.cargo.sizesOverMax', { max }));
  }
  return total;
}

const optional = (text: string | null | undefined) =>
  text === undefined || text === null ? undefined : text === '' ? null : text;

/** The body of a create, validated by its route schema (cargoItemCreate). */
export function itemCreateInput(input: z.output<typeof cargoItemCreate>): ItemCreateInput {
  const sizes = sizesOf(input.sizeQuantities ?? {});
  const given = input.quantity ?? input.totalQuantity ?? input.stock ?? 0;
  return {
    name: input.name,
    description: optional(input.description) ?? null,
    category: optional(input.category) ?? null,
    quantity: sizes.size > 0 ? sumOfSizes(sizes) : given,
    sizes,
    maxPerOrder: input.maxPerOrder ?? DEFAULT_MAX_PER_ORDER,
  };
}

/** The body of an update, validated by its route schema (cargoItemUpdate). */
export function itemPatchOf(input: z.output<typeof cargoItemUpdate>): ItemPatch {
  const patch: ItemPatch = {};
  if (input.name !== undefined && input.name !== null) patch.name = input.name;
  const description = optional(input.description);
  if (description !== undefined) patch.description = description;
  const category = optional(input.category);
  if (category !== undefined) patch.category = category;
  const quantity = input.quantity ?? input.totalQuantity ?? input.stock;
  if (quantity !== undefined && quantity !== null) patch.quantity = quantity;
  if (input.maxPerOrder !== undefined && input.maxPerOrder !== null)
    patch.maxPerOrder = input.maxPerOrder;
  if (input.sizeQuantities !== undefined && input.sizeQuantities !== null) {
    patch.sizes = sizesOf(input.sizeQuantities);
    sumOfSizes(patch.sizes); // refuses sizes adding up past the limit before any write
  }
  return patch;
}
