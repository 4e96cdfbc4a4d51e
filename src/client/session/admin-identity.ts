// The identity every admin call claims (product-spec.md sections 6 and 7): headers
// Admin-Username + Authentication-Status, or body/query fields authenticated + adminUsername.
// Taken from the session user at call time. The server checks these claims against the login
// cookie and never believes them (wire-protocol.md "Who the caller is").
import { getSessionUser } from './session-user.ts';

export interface AdminClaims {
  authenticated: true;
  adminUsername: string;
}

function adminName(): string {
  return getSessionUser()?.username ?? '';
}

/** The signed-in admin's user id (confirm/reject sign-up and the orders list claim it). */
export function adminUserId(): number | null {
  return getSessionUser()?.userId ?? null;
}

export function adminHeaders(): Record<string, string> {
  const name = adminName();
  // Without a session user there is nothing to claim; the server answers 401 on its own.
  return name === '' ? {} : { 'Admin-Username': name, 'Authentication-Status': 'true' };
}

/** Body or query fields; spread them into the call's own fields. */
export function adminClaims(): AdminClaims {
  return { authenticated: true, adminUsername: adminName() };
}
