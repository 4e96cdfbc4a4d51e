// The secure-session handshake (spec section 7 "Secure session"; wire-protocol.md items 1-2).
// The paths live with the channel itself (shared/secure-channel); these are the bodies.
import { z } from 'zod';

// A P-256 SPKI is 124 base64 characters; the limit only keeps garbage small.
export const completeHandshakeRequest = z.object({
  sessionId: z.string().min(1).max(200),
  clientPublicKey: z.string().min(1).max(1000),
});
export type CompleteHandshakeRequest = z.infer<typeof completeHandshakeRequest>;

export const initiateHandshakeReply = z.object({
  status: z.literal('success'),
  sessionId: z.string(),
  /** The server's ephemeral P-256 public key, SPKI in base64. */
  serverPublicKey: z.string(),
});

export const successReply = z.object({ status: z.literal('success') });
