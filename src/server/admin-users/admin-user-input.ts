// The admin's user form (create and update) turned into clean fields, or a 400. The spec has no
// rules for the admin forms; the server applies the registration rules (letters-only username,
// email format, 10-11 digit phone) so an admin cannot make an account a user could not.
import { ADMIN_USER_MESSAGES, type UserFieldsRequest } from '#shared/contracts/admin-users';
import { validateRegistrationStep1 } from '#shared/rules/auth';
import type { Role } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { CleanUserFields } from './admin-users.types.ts';

const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Create and update take CLIENT or VOLUNTEER. ADMIN passes here only when `allowAdmin` (an
 * update of an admin, so editing their details keeps them admin); the service refuses it for
 * anyone who is not an admin already.
 */
function roleOf(value: string | null | undefined, allowAdmin: boolean): Role {
  const role = value?.trim().toUpperCase();
  if (role === 'CLIENT' || role === 'VOLUNTEER') return role;
  if (role === 'ADMIN' && allowAdmin) return role;
  throw badRequest(ADMIN_USER_MESSAGES.role);
}

export function cleanUserFields(
  input: UserFieldsRequest,
  options: { allowAdmin: boolean },
): CleanUserFields {
  const username = input.username?.trim() ?? '';
  const email = orNull(input.email);
  const phone = orNull(input.phone);
  const invalid = validateRegistrationStep1({ username, email, phone });
  if (invalid !== null) throw badRequest(invalid);
  return {
    username,
    email,
    phone,
    firstName: orNull(input.firstName),
    lastName: orNull(input.lastName),
    role: roleOf(input.role, options.allowAdmin),
  };
}
