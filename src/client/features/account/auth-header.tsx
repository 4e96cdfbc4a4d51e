import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../i18n/i18n.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';

/** Logo, site title and 'Go Back' to / (the login and password-recovery headers). */
export function GoBackHeader() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <AppHeader>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/' })}>
        {t('account.header.goBack')}
      </Button>
    </AppHeader>
  );
}
