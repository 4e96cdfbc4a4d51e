// Placeholder until the admin-feedback feature lands (admin-console issue).
import { TitledPage } from '../../ui/titled-page.tsx';

export function AdminFeedbackPage() {
  return <TitledPage title="View Feedback" backLabel="Go Back" />;
}
