// '/admin/users' (spec section 2 "Admin users"): built by the admin-users feature.
import { TitledPage } from '../../ui/titled-page.tsx';

export function AdminUsersPage() {
  return <TitledPage title="Manage Users" backLabel="Go Back" />;
}
