// Placeholder until the admin-orders feature lands (admin-console issue).
import { TitledPage } from '../../ui/titled-page.tsx';

export function AdminOrdersPage() {
  return <TitledPage title="All Orders" backLabel="Go Back" />;
}
