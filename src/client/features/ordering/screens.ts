// The ordering screens, each loaded on demand (router.tsx, pages/home-page.tsx) with the
// 'ordering' catalogue beside their code. Only dynamic imports here: the entry imports this
// module, and a static import would put the screen's code in the landing's script (index.ts
// re-exports modules that must stay out of it).
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importClientHome = withNamespaces(
  ['ordering'],
  () => import('./homes/client-home.tsx'),
);
export const importGuestHome = withNamespaces(['ordering'], () => import('./homes/guest-home.tsx'));
