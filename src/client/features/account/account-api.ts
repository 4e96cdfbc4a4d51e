// The account calls of spec section 7 "Account", with the shared contracts' reply schemas.
// Bodies carry passwords and contact details, so the api client encrypts them whenever a
// secure session exists.
import {
  AUTH_PATHS,
  authUserReply,
  messageReply,
  profileUpdateReply,
  registerReply,
  sendEmailCodeReply,
  usernameAvailableReply,
  verifyEmailReply,
  type ProfileUpdateReply,
} from '#shared/contracts/auth';
import { apiGet, apiPost, apiPut } from '../../api/api-client.ts';
import type { SessionUser } from '../../session/session-user.ts';

export type ProfileField = 'username' | 'email' | 'password' | 'phone';

const UPDATE_PATHS: Record<ProfileField, string> = {
  username: AUTH_PATHS.updateUsername,
  email: AUTH_PATHS.updateEmail,
  password: AUTH_PATHS.updatePassword,
  phone: AUTH_PATHS.updatePhone,
};

/** A failed sign-in is a 401 ApiError carrying the server's message. */
export async function login(username: string, password: string): Promise<SessionUser> {
  const reply = await apiPost(AUTH_PATHS.login, { username, password }, { schema: authUserReply });
  const { userId, role, email, phone, emailVerified, language } = reply;
  return { username: reply.username, userId, role, email, phone, emailVerified, language };
}

export interface Registration {
  username: string;
  password: string;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
}

/** Registration always asks for role CLIENT (spec section 9). Resolves to the server's message. */
export async function register(input: Registration): Promise<string> {
  const body = { ...input, role: 'CLIENT' };
  return (await apiPost(AUTH_PATHS.register, body, { schema: registerReply })).message;
}

/**
 * Whether the username is free now (sign-up's step 1); null when the check could not be made
 * (offline, limited, refused): registration itself stays the judge.
 */
export async function usernameAvailable(username: string): Promise<boolean | null> {
  try {
    const reply = await apiGet(AUTH_PATHS.usernameAvailable, {
      query: { username },
      schema: usernameAvailableReply,
      background: true,
    });
    return reply.available;
  } catch {
    return null;
  }
}

export async function requestPasswordReset(email: string): Promise<string> {
  return (await apiPost(AUTH_PATHS.requestReset, { email }, { schema: messageReply })).message;
}

export async function verifyPasswordReset(input: {
  email: string;
  otp: string;
  newPassword: string;
}): Promise<string> {
  return (await apiPost(AUTH_PATHS.verifyReset, input, { schema: messageReply })).message;
}

/** PUT /api/auth/update/{field}: userId as a string and authenticated, plus the new value. */
export async function updateProfile(
  field: ProfileField,
  userId: number,
  fields: Record<string, string>,
): Promise<ProfileUpdateReply> {
  const body = { userId: String(userId), authenticated: true, ...fields };
  return apiPut(UPDATE_PATHS[field], body, { schema: profileUpdateReply });
}

/** POST /api/auth/email/send-code: mails a code to the signed-in account's email. */
export async function sendEmailCode(): Promise<string> {
  return (await apiPost(AUTH_PATHS.sendEmailCode, {}, { schema: sendEmailCodeReply })).message;
}

/** POST /api/auth/email/verify: proves the account's email with the mailed code. */
export async function verifyEmail(code: string): Promise<{ message: string; email: string }> {
  const reply = await apiPost(AUTH_PATHS.verifyEmail, { code }, { schema: verifyEmailReply });
  return { message: reply.message, email: reply.email };
}

/**
 * Whether the server holds the signed-in account's email as proven (GET /api/auth/me).
 * Background: a failure here must not open the Session Expired modal over the profile.
 */
export async function readEmailProof(): Promise<{ userId: number; emailVerified: boolean }> {
  const reply = await apiGet(AUTH_PATHS.me, { schema: authUserReply, background: true });
  return { userId: reply.userId, emailVerified: reply.emailVerified };
}
