// The item drawers' form state and what it sends. Quantities stay text until the server reads
// them, so its own message names a bad one (the spec has no client rules for these forms).
// Sizes: rows with a blank label and quantity are ignored; repeated labels add up.
import type { CargoItem, CargoItemCreate, CargoItemUpdate } from '#shared/contracts/cargo';
import type { Message } from '#shared/i18n/messages';
import { DEFAULT_MAX_PER_ORDER, validateMaxPerOrder } from '#shared/rules/order-limits';

export interface SizeRow {
  /** Stable React key of the row. */
  key: number;
  label: string;
  quantity: string;
}

export interface ItemForm {
  name: string;
  description: string;
  category: string;
  /** The total of an item without sizes. */
  quantity: string;
  sizes: SizeRow[];
  /** How many one order may ask for (checked here: validateMaxPerOrder). */
  maxPerOrder: string;
}

export const EMPTY_ITEM_FORM: ItemForm = {
  name: '',
  description: '',
  category: '',
  quantity: '0',
  sizes: [],
  maxPerOrder: String(DEFAULT_MAX_PER_ORDER),
};

/** The form's own refusal before anything is sent (the max per order), or null. */
export function itemFormProblem(form: ItemForm): Message | null {
  return validateMaxPerOrder(form.maxPerOrder);
}

/** The fields the form checks itself, each with its refusal (shown beside it). */
export type ItemFieldErrors = Partial<Record<'maxPerOrder', Message>>;

export function itemFieldErrors(form: ItemForm): ItemFieldErrors {
  const maxPerOrder = itemFormProblem(form);
  return maxPerOrder === null ? {} : { maxPerOrder };
}

let nextKey = 1;

export function newSizeRow(label = '', quantity = '0'): SizeRow {
  nextKey += 1;
  return { key: nextKey, label, quantity };
}

function filledRows(rows: readonly SizeRow[]): SizeRow[] {
  return rows.filter((row) => row.label.trim() !== '' || row.quantity.trim() !== '');
}

function asQuantity(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Size label → quantity, or undefined when the form has no sizes. */
export function sizeQuantitiesOf(
  rows: readonly SizeRow[],
): Record<string, number | string> | undefined {
  const filled = filledRows(rows);
  if (filled.length === 0) return undefined;
  const sizes: Record<string, number | string> = {};
  for (const row of filled) {
    const label = row.label.trim();
    const quantity = asQuantity(row.quantity);
    const before = sizes[label];
    sizes[label] =
      typeof before === 'number' && typeof quantity === 'number' ? before + quantity : quantity;
  }
  return sizes;
}

/** The total the form shows: the sum of the sizes when it has sizes. */
export function totalOf(form: ItemForm): number | null {
  const sizes = sizeQuantitiesOf(form.sizes);
  if (sizes === undefined) {
    const total = asQuantity(form.quantity);
    return typeof total === 'number' ? total : null;
  }
  const values = Object.values(sizes);
  return values.every((value) => typeof value === 'number')
    ? values.reduce((sum, value) => sum + value, 0)
    : null;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST data: the total is summed by the server when there are sizes (spec section 7). */
export function createPayload(form: ItemForm): CargoItemCreate {
  const sizes = sizeQuantitiesOf(form.sizes);
  return {
    name: form.name.trim(),
    description: orNull(form.description),
    category: orNull(form.category),
    ...(sizes === undefined ? { quantity: asQuantity(form.quantity) } : { sizeQuantities: sizes }),
    maxPerOrder: asQuantity(form.maxPerOrder),
  };
}

/**
 * PUT body: the POST's. The form was filled from the item, so every field is sent: no rows
 * means no sizes (an empty sizeQuantities removes them) and the total is the quantity field;
 * with sizes, the server sums them.
 */
export function updatePayload(form: ItemForm): CargoItemUpdate {
  return { sizeQuantities: {}, ...createPayload(form) };
}

export function formOfItem(item: CargoItem): ItemForm {
  return {
    name: item.name,
    description: item.description ?? '',
    category: item.category ?? '',
    quantity: String(item.quantity),
    sizes: Object.entries(item.sizeQuantities).map(([label, quantity]) =>
      newSizeRow(label, String(quantity)),
    ),
    maxPerOrder: String(item.maxPerOrder),
  };
}
