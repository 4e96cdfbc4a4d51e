// The admin-users area's shared shapes: a user's form fields as the admin's forms give them
// (admin-user-input.ts) and the repository writes them.
import type { Role } from '../db/schema.ts';

/** The fields of a user the admin's forms set. */
export interface UserFields {
  username: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The fields after the form rules, with the account's role. */
export interface CleanUserFields extends UserFields {
  role: Role;
}
