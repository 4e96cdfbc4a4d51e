// The success envelope of a JSON reply (wire-protocol.md "Envelope of every JSON reply"):
// status 'success' and a message, then the call's own fields. Written once here so every
// area's reply schemas (and the API document built from them) say it the same way.
import { z } from 'zod';

export function successReply<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ status: z.literal('success'), message: z.string(), ...shape });
}
