// '/round_admin' (spec section 2 "Rounds administration"): built by the admin-rounds feature.
import { TitledPage } from '../../ui/titled-page.tsx';

export function RoundAdminPage() {
  return <TitledPage title="Rounds Administration" backLabel="Back to Dashboard" />;
}
