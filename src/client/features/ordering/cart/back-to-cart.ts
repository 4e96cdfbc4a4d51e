// 'Back to cart' for an order the server refused after it was queued (issue 4 item 5: a 409
// on replay, stock gone meanwhile): its lines go back into the cart (a line already there
// adds to its quantity) and the refused action is discarded, so the person can change the
// cart and place it again. Returns the payload's texts, to refill the delivery fields.
import { discardAction } from '../../../offline/engine.ts';
import { placedLines, placedOrderTexts } from '../../../offline/actions.ts';
import type { OutboxRow } from '../../../offline/types.ts';
import { addToCart, type CartOwner } from './cart-store.ts';

export async function backToCart(
  owner: CartOwner,
  row: OutboxRow,
): Promise<Record<string, string>> {
  for (const line of placedLines(row)) {
    addToCart(owner, { name: line.itemName, quantity: line.quantity });
  }
  await discardAction(row.seq);
  return placedOrderTexts(row);
}
