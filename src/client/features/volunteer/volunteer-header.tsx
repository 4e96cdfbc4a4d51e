import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../../session/use-logout.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';

/** Welcome with the username, Profile, Cargo Volunteer and Logout (spec section 2). */
export function VolunteerHeader() {
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSessionUser();
  return (
    <AppHeader greeting={`Welcome, ${user?.username ?? ''}!`}>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/profile' })}>
        Profile
      </Button>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/cargo_volunteer' })}>
        Cargo Volunteer
      </Button>
      <Button variant="onBrand" onClick={logout}>
        Logout
      </Button>
    </AppHeader>
  );
}
