// What the logs must never hold: passwords, codes, keys, cookies, session ids, addresses.
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers["x-session-id"]',
  'req.headers["x-signature"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.otp',
  '*.code',
  '*.deliveryAddress',
  '*.phoneNumber',
  '*.phone',
  '*.sessionId',
];

/**
 * Paths that carry a secret in the URL itself: the calendar feed's `<token>.ics` (a calendar
 * app sends no cookie, so the path is the credential). The request log shows the route, not
 * the token.
 */
const SECRET_PATHS: readonly RegExp[] = [/^(\/api\/calendar\/)[^?#]*/];

/** The URL as the logs may show it. */
export function loggableUrl(url: string): string {
  return SECRET_PATHS.reduce((text, pattern) => text.replace(pattern, '$1[redacted]'), url);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's own request serializer, with the URL passed through loggableUrl. */
export const LOG_SERIALIZERS = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: loggableUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
