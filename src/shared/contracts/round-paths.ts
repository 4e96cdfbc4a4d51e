// The volunteer rounds paths (contracts/rounds.ts re-exports them), in a file of their own
// without zod: the offline engine, in the landing's entry script, builds its mirrored lists'
// paths from them, and importing the schemas there would put zod in the entry.
export const ROUND_PATHS = {
  myRounds: '/api/rounds/my-rounds',
  all: '/api/rounds/all',
  one: '/api/rounds/:roundId',
  orders: '/api/rounds/:roundId/orders',
  signup: '/api/rounds/:roundId/signup',
  cancelSignup: '/api/rounds/signup/:signupId',
} as const;
