import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/global.css';
import { AppShell } from './shell/app-shell.tsx';
import { startOffline } from './offline/start.ts';
import { preloadHomeScreen } from './routes/home-page.tsx';

// Before the first render: the offline layer registers its local-content check, which the
// startup consults when the key exchange cannot reach the server.
startOffline();
// The home screen's code downloads while the key exchange runs, not after it; asked in a
// task of its own (its module-preload links cost main-thread time) so that the first render
// is not held up by it.
setTimeout(preloadHomeScreen, 0);

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <AppShell />
    </StrictMode>,
  );
}
