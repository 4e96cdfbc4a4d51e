// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx) with the
// 'ordering' catalogue beside its code. Only dynamic imports here: the entry imports this
// module, and a static one would put the screen's code in the landing's script.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importOrderHistoryPage = withNamespaces(
  ['ordering'],
  () => import('./order-history-page.tsx'),
);
