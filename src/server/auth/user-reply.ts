// The signed-in user as login, me and profile updates reply with it (wire-protocol.md).
import type { AuthUserReply } from '#shared/contracts/auth';
import type { UserRow } from '../db/schema.ts';
import { languageOrNull } from '../i18n/account-language.ts';
import type { SessionUser } from './login-sessions.repository.ts';
import { emailVerifiedOf } from './users.repository.ts';

type ReplyUser = Pick<
  SessionUser,
  'userId' | 'username' | 'role' | 'email' | 'emailVerified' | 'phone' | 'language'
>;

export function replyUserOf(row: UserRow): ReplyUser {
  return {
    userId: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    emailVerified: emailVerifiedOf(row),
    phone: row.phone,
    language: row.language,
  };
}

export function authUserReplyOf(user: ReplyUser, message: string): AuthUserReply {
  return {
    status: 'success',
    authenticated: true,
    message,
    username: user.username,
    userId: user.userId,
    role: user.role,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerified,
    language: languageOrNull(user.language),
  };
}
