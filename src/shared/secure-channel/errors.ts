// Typed failures, so callers (the server's 400s, the client's session-expired handling) can
// tell a bad peer key or an undecryptable message from a bug.

export class InvalidPublicKeyError extends Error {
  constructor(message = 'The public key is not a valid P-256 key.') {
    super(message);
    this.name = 'InvalidPublicKeyError';
  }
}

export class DecryptError extends Error {
  constructor(message = 'The message could not be decrypted.') {
    super(message);
    this.name = 'DecryptError';
  }
}
