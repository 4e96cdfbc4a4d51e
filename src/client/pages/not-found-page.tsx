import { useNavigate } from '@tanstack/react-router';
import { useT } from '../i18n/i18n.ts';
import { AppHeader } from '../ui/app-header.tsx';
import { Button } from '../ui/button.tsx';
import { Card, PageLayout } from '../ui/page-layout.tsx';

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <PageLayout header={<AppHeader />} narrow>
      <Card title={t('common.notFound.title')}>
        <p>{t('common.notFound.text')}</p>
        <Button onClick={() => void navigate({ to: '/' })}>{t('common.action.goBack')}</Button>
      </Card>
    </PageLayout>
  );
}
