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
