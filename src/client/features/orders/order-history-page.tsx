// '/orderhistory' (spec section 2 "Order History"): the list is built by the orders feature.
import { TitledPage } from '../../ui/titled-page.tsx';

export function OrderHistoryPage() {
  return <TitledPage title="Order History" backLabel="Back to Home" />;
}
