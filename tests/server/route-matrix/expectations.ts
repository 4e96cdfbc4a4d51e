// The expected status of every caller kind on a route, written as who is let in. Callers
// without a login get 401 where a login is needed; a forged userId or Admin-Username is a 403
// on every /api route (the access plugin checks those claims everywhere); a claimed role
// changes nothing, so the forged-role CLIENT gets what any client who is not the victim gets.
import type { CallerKind } from './cast.ts';

export type Expectation = Readonly<Record<CallerKind, number>>;

/** What the signed-in kinds get; a kind left out is refused with 403. */
export interface Grant {
  client?: number;
  /** Defaults to `client`: another client is a client, unless the route is about the victim. */
  otherClient?: number;
  volunteerConfirmed?: number;
  /** Defaults to `volunteerConfirmed`. */
  volunteerOffRound?: number;
  admin?: number;
}

const FORBIDDEN = 403;
const UNAUTHORIZED = 401;

export function roles(grant: Grant): Expectation {
  const otherClient = grant.otherClient ?? grant.client ?? FORBIDDEN;
  return {
    signedOut: UNAUTHORIZED,
    guest: UNAUTHORIZED,
    forgedAuthStatus: UNAUTHORIZED,
    client: grant.client ?? FORBIDDEN,
    otherClient,
    forgedRole: otherClient,
    volunteerConfirmed: grant.volunteerConfirmed ?? FORBIDDEN,
    volunteerOffRound: grant.volunteerOffRound ?? grant.volunteerConfirmed ?? FORBIDDEN,
    admin: grant.admin ?? FORBIDDEN,
    forgedUserId: FORBIDDEN,
    forgedAdminUsername: FORBIDDEN,
  };
}

/** Any signed-in user gets `status`. */
export function signedIn(status: number): Expectation {
  return roles({ client: status, volunteerConfirmed: status, admin: status });
}

export function adminOnly(status: number): Expectation {
  return roles({ admin: status });
}

/** Everyone gets `status`, but a forged identity claim is still a 403. */
export function anyone(status: number): Expectation {
  return { ...signedIn(status), signedOut: status, guest: status, forgedAuthStatus: status };
}
