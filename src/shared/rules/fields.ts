// What the form rules of every area share: a typed field (absent, null or text), "left
// blank", and the email shape.

export type Text = string | null | undefined;

/** Something@something.tld without spaces: the usual pragmatic check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function blank(value: Text): boolean {
  return value === null || value === undefined || value.trim() === '';
}
