// Placeholder until the admin-applications feature lands (admin-console issue).
import { TitledPage } from '../../ui/titled-page.tsx';

export function AdminApplicationsPage() {
  return <TitledPage title="Volunteer Applications" backLabel="Go Back" />;
}
