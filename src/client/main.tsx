import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <h1>{import.meta.env.VITE_SITE_TITLE}</h1>
    </StrictMode>,
  );
}
