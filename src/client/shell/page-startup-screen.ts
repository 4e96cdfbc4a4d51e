// The startup screen the built index.html carries (scripts/lib/startup-screen-plugin.ts): it
// paints before any script runs, in the device's language, and stays until the startup ends.
// While it is there, React's own overlay draws nothing; a later startup (Retry after a fatal
// error) has no page screen left and shows React's.

import { PAGE_STARTUP_SCREEN_ID } from '#shared/startup-screen';

export function hasPageStartupScreen(): boolean {
  return (
    typeof document !== 'undefined' && document.getElementById(PAGE_STARTUP_SCREEN_ID) !== null
  );
}

/** The startup is over (ready, or an error screen): the page's screen goes. */
export function removePageStartupScreen(): void {
  if (typeof document !== 'undefined') document.getElementById(PAGE_STARTUP_SCREEN_ID)?.remove();
}
