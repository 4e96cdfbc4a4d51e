// The "not a common password" half of the password rule (beyond-spec.md section 1
// "Passwords"), for passwords set by a profile change, a reset or an admin reset.
// The list: `passwords-common` of @zxcvbn-ts/language-common (MIT), 49,233 passwords that
// zxcvbn-ts, a password-strength estimator, treats as common; all lower case, so a password is
// compared lower-cased ("Password1" counts as "password1"). It stays on the server (about
// 400 KB): the client bundle never imports this file and shows the server's message.
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES } from '#shared/rules/passwords';
import { badRequest } from '../errors.ts';

let common: ReadonlySet<string> | undefined;

/** Built on first use (about 50 ms), not at start: most processes never set a password. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A 400 with the spec's text when the password is a common one. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(PASSWORD_MESSAGES.passwordTooCommon);
}

/** How many passwords the list holds (the contract asks for at least 10,000). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
