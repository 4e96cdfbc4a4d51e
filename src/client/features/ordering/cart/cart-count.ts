import { t } from '../../../i18n/i18n.ts';

/** The header's Cart button: 'Cart' with the number of lines in the cart (spec section 2). */
export function cartButtonText(lines: number): string {
  return t('ordering.cart.button', { count: lines });
}
