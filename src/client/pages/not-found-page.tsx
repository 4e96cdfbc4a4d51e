import { useNavigate } from '@tanstack/react-router';
import { AppHeader } from '../ui/app-header.tsx';
import { Button } from '../ui/button.tsx';
import { Card, PageLayout } from '../ui/page-layout.tsx';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <PageLayout header={<AppHeader />} narrow>
      <Card title="Page not found">
        <p>There is no page at this address.</p>
        <Button onClick={() => void navigate({ to: '/' })}>Go Back</Button>
      </Card>
    </PageLayout>
  );
}
