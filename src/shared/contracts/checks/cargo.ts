// The catalogue item as the ordering screens read it from the device's copy, and its image's
// path, without zod (check.ts); contracts/cargo.ts holds the zod schema `cargoItem` it mirrors
// and re-exports cargoImagePath.
import type { CargoItem } from '../cargo.ts';
import { DEFAULT_MAX_PER_ORDER } from '../../rules/order-limits.ts';
import { CARGO_PATHS } from '../cargo-paths.ts';
import { pathTo } from '../paths.ts';
import { nullable, number, object, record, string, withDefault, type Check } from './check.ts';

/** The image, or its catalogue-card thumbnail (about 320 px). */
export function cargoImagePath(imageId: string, variant: 'full' | 'thumb' = 'full'): string {
  const base = pathTo(CARGO_PATHS.image, { imageId });
  return variant === 'thumb' ? `${base}?thumb=1` : base;
}

export const cargoItemCheck: Check<CargoItem> = object({
  id: number(),
  name: string(),
  description: nullable(string()),
  category: nullable(string()),
  quantity: number(),
  imageId: nullable(string()),
  sizeQuantities: record(number()),
  maxPerOrder: withDefault(number({ int: true, min: 1 }), DEFAULT_MAX_PER_ORDER),
});
