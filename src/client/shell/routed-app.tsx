// The routed app: the router and every screen it leads to, loaded apart from the entry (a
// first visit's landing shows without it: first-screen.tsx). Loading it starts the offline
// layer too: every screen but the landing may read or queue the device's data.
import { RouterProvider } from '@tanstack/react-router';
import { markNavigation } from '../offline/fetch-marks.ts';
import { startOfflineLayer } from '../offline/offline-layer.ts';
import { router } from '../router.tsx';
import { setAppNavigator, type AppPath } from '../ui/app-link.tsx';

// A screen the user moves to refreshes its lists afresh (offline/mirror.ts); the one the app
// opens on takes what the start-up refresh fetched.
router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
  if (fromLocation !== undefined && pathChanged) markNavigation();
});

/**
 * Readies the router before it is on screen: at `at` when given (leaving the landing), the
 * address matched to its route. Mounted unloaded, the router loads from an effect and shows
 * the result through its store, a synchronous render of the whole screen that React cannot
 * slice. A failure here is the router's to show when it loads again.
 */
export async function openRoutedApp(at?: AppPath): Promise<void> {
  startOfflineLayer().catch(() => undefined);
  setAppNavigator((to) => void router.navigate({ to }));
  if (at !== undefined) router.history.push(at);
  // Otherwise only the first time: a router that was on screen before (a test's earlier
  // shell) waits for its unmounted provider to acknowledge a load, and loads again itself.
  else if (router.state.resolvedLocation !== undefined) return;
  await router.load().catch(() => undefined);
}

export function RoutedApp() {
  return <RouterProvider router={router} />;
}
