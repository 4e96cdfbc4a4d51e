// The cargo screens' form rule (product-spec.md section 5) with its exact message (rules.json).
import { message, type Message } from '#shared/i18n/messages';
import { blank, type Text } from './fields.ts';

export const CARGO_MESSAGES = {
  cargoItemIdRequired: message('rules.cargo.itemIdRequired'),
} as const satisfies Record<string, Message>;

/** Update-cargo drawer: the item ID is required. */
export function validateCargoItemId(itemId: Text): Message | null {
  return blank(itemId) ? CARGO_MESSAGES.cargoItemIdRequired : null;
}
