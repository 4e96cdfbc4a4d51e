import { useT } from '../i18n/i18n.ts';

/**
 * Full-screen while the key exchange runs (spec section 2 "Startup"). The built index.html
 * shows the same screen before the scripts load (scripts/lib/startup-screen-plugin.ts): the
 * classes are global and shared with it, so this render replaces it without a visible change.
 */
export function StartupOverlay() {
  const t = useT();
  return (
    <div className="startup-overlay" role="status" aria-live="polite">
      <div className="startup-spinner" aria-hidden="true" />
      <p className="startup-text">{t('common.startup.connecting')}</p>
    </div>
  );
}
