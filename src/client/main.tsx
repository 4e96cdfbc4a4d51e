import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/global.css';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages';
import { AppShell } from './shell/app-shell.tsx';
import { activateLanguage, deviceLanguage } from './i18n/language-choice.ts';
import { markNavigation } from './offline/fetch-marks.ts';
import { startOfflineLayer, startOfflineLayerWhenNeeded } from './offline/offline-layer.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';
import { router } from './router.tsx';
import { preloadHomeScreen } from './pages/home-page.tsx';

// Before the first render: the offline layer registers its local-content check, which the
// startup consults when the key exchange cannot reach the server, and starts (loading Dexie)
// unless this is a first visit's landing, which needs it only later (offline-layer.ts).
startOfflineLayerWhenNeeded();
registerServiceWorker();
// The home screen's code downloads while the key exchange runs, not after it; asked in a
// task of its own (its module-preload links cost main-thread time) so that the first render
// is not held up by it.
setTimeout(preloadHomeScreen, 0);
// A screen the user moves to refreshes its lists afresh (offline/mirror.ts); the one the app
// opens on takes what the start-up refresh fetched.
// A first visit leaving its landing starts the offline layer: the next screen may queue work.
router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
  if (fromLocation === undefined || !pathChanged) return;
  markNavigation();
  startOfflineLayer().catch(() => undefined);
});

function render(): void {
  const root = document.getElementById('root');
  if (root === null) return;
  createRoot(root).render(
    <StrictMode>
      <AppShell />
    </StrictMode>,
  );
}

// English is in this script; another language's words arrive before the first render, so no
// screen shows in the wrong language first. A catalogue that cannot load leaves English.
const language = deviceLanguage();
if (language === DEFAULT_LANGUAGE) render();
else
  void activateLanguage(language)
    .catch(() => undefined)
    .then(render);
