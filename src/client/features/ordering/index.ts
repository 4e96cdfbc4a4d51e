// The ordering feature's public face (cart, catalogue, checkout, and the client and guest
// homes built from them): other features and the shell import ordering only from here, its
// screens only through screens.ts. Kept to what others use: the order limits the outbox list
// flags queued orders with.
export {
  queuedOrderProblem,
  willBeRefusedText,
  type LimitKnowledge,
} from './checkout/order-limit-check.ts';
export { useLimitKnowledge } from './checkout/use-order-limits.ts';
