import { useNavigate } from '@tanstack/react-router';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';

/** Logo, site title and 'Go Back' to / (the login and password-recovery headers). */
export function GoBackHeader() {
  const navigate = useNavigate();
  return (
    <AppHeader>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/' })}>
        Go Back
      </Button>
    </AppHeader>
  );
}
