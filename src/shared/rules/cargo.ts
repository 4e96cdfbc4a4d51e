// The cargo screens' form rule (product-spec.md section 5) with its exact message.
import { blank, type Text } from './fields.ts';

export const CARGO_MESSAGES = {
  cargoItemIdRequired: 'Enter Item ID to update',
} as const;

/** Update-cargo drawer: the item ID is required. */
export function validateCargoItemId(itemId: Text): string | null {
  return blank(itemId) ? CARGO_MESSAGES.cargoItemIdRequired : null;
}
