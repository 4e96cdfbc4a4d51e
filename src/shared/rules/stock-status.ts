// Stock status per total or per size quantity (spec sections 4 and 9):
// 0 is Out, under 5 is Low, otherwise Fine.
export const LOW_STOCK_THRESHOLD = 5;

export type StockStatus = 'Out' | 'Low' | 'Fine';

export function stockStatus(quantity: number): StockStatus {
  if (quantity <= 0) return 'Out';
  if (quantity < LOW_STOCK_THRESHOLD) return 'Low';
  return 'Fine';
}
