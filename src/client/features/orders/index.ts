// The order history's public face: an order placed on this device is written into the
// history's 'myOrders' mirror as a local row (ordering builds it, the history reads it back).
// Other features import the order history only from here.
export {
  localOrderData,
  newLocalOrderId,
  parseHistoryOrder,
  type HistoryOrder,
  type LocalOrder,
  type LocalOrderInput,
} from './local-order.ts';
