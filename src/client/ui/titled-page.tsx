import type { ReactNode } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useT } from '../i18n/i18n.ts';
import { AppHeader } from './app-header.tsx';
import { Button } from './button.tsx';
import { PageTitle } from './dashboard.tsx';
import { PageLayout } from './page-layout.tsx';

interface TitledPageProps {
  title: string;
  /** The back button's text, e.g. 'Back to Dashboard'; 'Go Back' (in the language) if none. */
  backLabel?: string;
  /** 'home' goes to /, 'history' to the previous page (spec: the application form). */
  backTo?: 'home' | 'history';
  children?: ReactNode;
}

/** A screen with the header, a back button and the spec's title. */
export function TitledPage({ title, backLabel, backTo = 'home', children }: TitledPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const router = useRouter();
  const back = () => {
    if (backTo === 'history' && window.history.length > 1) router.history.back();
    else void navigate({ to: '/' });
  };
  return (
    <PageLayout
      header={
        <AppHeader>
          <Button variant="onBrand" onClick={back}>
            {backLabel ?? t('common.action.goBack')}
          </Button>
        </AppHeader>
      }
    >
      <PageTitle>{title}</PageTitle>
      {children}
    </PageLayout>
  );
}
