import { Outlet } from '@tanstack/react-router';
import { OfflineStatus } from '../shell/offline-status/offline-status.tsx';

/** Every screen: the offline layer's status bar on top (empty when all is well), then the page. */
export function RootLayout() {
  return (
    <>
      <OfflineStatus />
      <Outlet />
    </>
  );
}
