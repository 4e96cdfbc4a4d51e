// Account calls (product-spec.md section 7 "Account", wire-protocol.md "Who the caller is").
// Request schemas pin types and lengths only; fields are nullish so that a missing field gets
// the spec's message from rules/auth.ts or rules/profile.ts rather than a generic one. Unknown fields
// (authenticated, role, userRole) are stripped: the server never trusts them.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { message, type Message } from '../i18n/messages.ts';
import { successReply } from './replies.ts';

export { AUTH_PATHS } from './auth-paths.ts';

/** Longest texts accepted; anything longer is a 400 (never silently cut). */
export const AUTH_LIMITS = {
  username: 50,
  email: 254,
  phone: 20,
  password: 128,
  name: 100,
  otp: 10,
} as const;

const text = (max: number) => z.string().max(max).nullish();
/** userId as the spec's client sends it: a string (or a number); checked against the session. */
const claimedUserId = z.union([z.string().max(20), z.number()]).nullish();

export const loginRequest = z.object({
  /** A username or an email. */
  username: text(AUTH_LIMITS.email),
  password: text(AUTH_LIMITS.password),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const roleSchema = z.enum(['CLIENT', 'VOLUNTEER', 'ADMIN']);

/** A language the app speaks; the account's is null until the person chooses one. */
export const languageSchema = z.enum(LANGUAGES);

/** The signed-in user: the reply of login and of me. */
export const authUserReply = z.object({
  status: z.literal('success'),
  authenticated: z.literal(true),
  message: z.string(),
  username: z.string(),
  userId: z.number(),
  role: roleSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** True once a code mailed to `email` was entered (beyond-spec.md "Email ownership"). */
  emailVerified: z.boolean(),
  /** The account's chosen language (beyond-spec.md section 4); null: never chosen. */
  language: languageSchema.nullable(),
});
export type AuthUserReply = z.infer<typeof authUserReply>;

/** A failed login (401); the same for an unknown user and a wrong password. */
export const loginFailureReply = z.object({
  status: z.literal('error'),
  authenticated: z.literal(false),
  message: z.string(),
  error: z.string(),
});
export type LoginFailureReply = z.infer<typeof loginFailureReply>;

/** Registration payload (section 3); any role sent is ignored: registration makes a CLIENT. */
export const registerRequest = z.object({
  username: text(AUTH_LIMITS.username),
  password: text(AUTH_LIMITS.password),
  email: text(AUTH_LIMITS.email),
  phone: text(AUTH_LIMITS.phone),
  firstName: text(AUTH_LIMITS.name),
  lastName: text(AUTH_LIMITS.name),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const messageReply = successReply({});
export type MessageReply = z.infer<typeof messageReply>;

export const registerReply = messageReply.extend({ userId: z.number(), username: z.string() });

/** GET …/username-available?username=: whether registering that username would be refused. */
export const usernameAvailableQuery = z.object({ username: text(AUTH_LIMITS.username) });
/** Only yes or no: nothing else about the account (usernames are not secret in this product). */
export const usernameAvailableReply = successReply({ available: z.boolean() });
export type UsernameAvailableReply = z.infer<typeof usernameAvailableReply>;
export type RegisterReply = z.infer<typeof registerReply>;

export const updateUsernameRequest = z.object({
  userId: claimedUserId,
  newUsername: text(AUTH_LIMITS.username),
});
export const updateEmailRequest = z.object({
  userId: claimedUserId,
  currentPassword: text(AUTH_LIMITS.password),
  newEmail: text(AUTH_LIMITS.email),
});
export const updatePasswordRequest = z.object({
  userId: claimedUserId,
  currentPassword: text(AUTH_LIMITS.password),
  newPassword: text(AUTH_LIMITS.password),
});
export const updatePhoneRequest = z.object({
  userId: claimedUserId,
  currentPassword: text(AUTH_LIMITS.password),
  newPhone: text(AUTH_LIMITS.phone),
});
/** Any other value (or none) is a 400 with the spec's kind of message, never a silent default. */
export const updateLanguageRequest = z.object({
  userId: claimedUserId,
  language: z.string().max(10).nullish(),
});
export type UpdateLanguageRequest = z.infer<typeof updateLanguageRequest>;
export type UpdateUsernameRequest = z.infer<typeof updateUsernameRequest>;
export type UpdateEmailRequest = z.infer<typeof updateEmailRequest>;
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;
export type UpdatePhoneRequest = z.infer<typeof updatePhoneRequest>;

/** A profile update's reply carries the user's fields as they now are (for session storage). */
export const profileUpdateReply = messageReply.extend({
  userId: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** An email change leaves the new email unproven (false) and mails it a code. */
  emailVerified: z.boolean(),
  language: languageSchema.nullable(),
});
export type ProfileUpdateReply = z.infer<typeof profileUpdateReply>;

export const requestResetRequest = z.object({ email: text(AUTH_LIMITS.email) });
export type RequestResetRequest = z.infer<typeof requestResetRequest>;

export const verifyResetRequest = z.object({
  email: text(AUTH_LIMITS.email),
  otp: text(AUTH_LIMITS.otp),
  newPassword: text(AUTH_LIMITS.password),
});
export type VerifyResetRequest = z.infer<typeof verifyResetRequest>;

/**
 * POST /api/auth/email/send-code (signed in): no fields; the code goes to the account's
 * current email. Reply: messageReply with EMAIL_MESSAGES.codeSent.
 */
export const sendEmailCodeRequest = z.object({});
export type SendEmailCodeRequest = z.infer<typeof sendEmailCodeRequest>;
export const sendEmailCodeReply = messageReply;
export type SendEmailCodeReply = z.infer<typeof sendEmailCodeReply>;

/** POST /api/auth/email/verify (signed in): the 6-digit code mailed to the account's email. */
export const verifyEmailRequest = z.object({ code: text(AUTH_LIMITS.otp) });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;
export const verifyEmailReply = messageReply.extend({
  email: z.string(),
  emailVerified: z.literal(true),
});
export type VerifyEmailReply = z.infer<typeof verifyEmailReply>;

/**
 * The texts of the email-ownership routes (refusals are 400 / 409 / 429 envelopes), worded in
 * the caller's language by the server.
 */
export const EMAIL_MESSAGES = {
  codeSent: message('server.email.codeSent'),
  verified: message('server.email.verified'),
  alreadyVerified: message('server.email.alreadyVerified'),
  noEmail: message('server.email.noEmail'),
  codeMissing: message('server.email.codeMissing'),
  codeFormat: message('server.email.codeFormat'),
  wrongCode: message('server.email.wrongCode'),
  expired: message('server.email.expired'),
  tooManyTries: message('server.email.tooManyTries'),
  noCode: message('server.email.noCode'),
  tooManyCodes: message('server.email.tooManyCodes'),
} as const satisfies Record<string, Message>;
