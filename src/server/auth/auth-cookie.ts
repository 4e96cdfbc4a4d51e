// The login cookie: HttpOnly (scripts never see it), SameSite=Strict (never sent cross-site),
// Path=/, Secure behind https. It lives as long as the login session's absolute lifetime so
// an installed app reopened later (even offline) still has it; the server decides validity.
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { LOGIN_COOKIE } from '../plugins/access.ts';

type CookieConfig = Pick<ServerConfig, 'secureCookies' | 'loginSessionMaxMs'>;

function baseOptions(config: CookieConfig) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.secureCookies,
  } as const;
}

export function setLoginCookie(reply: FastifyReply, token: string, config: CookieConfig): void {
  reply.setCookie(LOGIN_COOKIE, token, {
    ...baseOptions(config),
    maxAge: Math.floor(config.loginSessionMaxMs / 1000),
  });
}

export function clearLoginCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(LOGIN_COOKIE, baseOptions(config));
}
