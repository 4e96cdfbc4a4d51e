import { useNavigate } from '@tanstack/react-router';
import { logout } from './logout.ts';

/** A click handler for 'Log Out' / 'Logout': logs out, then shows the landing page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    void logout().then(() => navigate({ to: '/' }));
  };
}
