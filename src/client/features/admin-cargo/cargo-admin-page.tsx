// '/cargo_admin' (spec section 2 "Cargo admin"): built by the admin-cargo feature.
import { TitledPage } from '../../ui/titled-page.tsx';

export function CargoAdminPage() {
  return <TitledPage title="Cargo Management System" backLabel="Go Back" />;
}
