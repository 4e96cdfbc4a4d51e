import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../i18n/i18n.ts';
import { useLogout } from '../../session/use-logout.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';

/** Welcome with the username, Profile, Cargo Volunteer and Logout (spec section 2). */
export function VolunteerHeader() {
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSessionUser();
  const t = useT();
  return (
    <AppHeader greeting={t('volunteer.header.welcome', { username: user?.username ?? '' })}>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/profile' })}>
        {t('volunteer.header.profile')}
      </Button>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/cargo_volunteer' })}>
        {t('volunteer.header.cargo')}
      </Button>
      <Button variant="onBrand" onClick={logout}>
        {t('volunteer.header.logout')}
      </Button>
    </AppHeader>
  );
}
