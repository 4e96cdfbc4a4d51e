/** The header's Cart button: 'Cart' with the number of lines in the cart (spec section 2). */
export function cartButtonText(lines: number): string {
  return `Cart (${lines})`;
}
