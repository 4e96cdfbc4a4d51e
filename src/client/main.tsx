import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/global.css';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages';
import { AppShell } from './shell/app-shell.tsx';
import { preloadFirstScreen } from './shell/first-screen.tsx';
import { activateLanguage, deviceLanguage } from './i18n/language-choice.ts';
import { startOfflineLayerWhenNeeded } from './offline/offline-layer.ts';
import { registerServiceWorker } from './offline/register-service-worker.ts';

// Before the first render: the offline layer registers its local-content check, which the
// startup consults when the key exchange cannot reach the server, and starts (loading Dexie)
// unless this is a first visit's landing, which needs it only later (offline-layer.ts).
startOfflineLayerWhenNeeded();
registerServiceWorker();
// The first screen's code downloads while the key exchange runs, not after it; asked in a
// task of its own (its module-preload links cost main-thread time) so that the first render
// is not held up by it.
setTimeout(preloadFirstScreen, 0);

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
