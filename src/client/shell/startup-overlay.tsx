import { useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { hasPageStartupScreen } from './page-startup-screen.ts';

/**
 * Full-screen while the key exchange runs (spec section 2 "Startup"). At the first startup the
 * page's own copy of this screen is showing (page-startup-screen.ts), in the same classes: it
 * stays, and this draws nothing over it.
 */
export function StartupOverlay() {
  const t = useT();
  const [pageShowsIt] = useState(hasPageStartupScreen);
  if (pageShowsIt) return null;
  return (
    <div className="startup-overlay" role="status" aria-live="polite">
      <div className="startup-spinner" aria-hidden="true" />
      <p className="startup-text">{t('common.startup.connecting')}</p>
    </div>
  );
}
