// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx). Only
// dynamic imports here: the entry imports this module, and a static one would put the
// screen's code in the landing's script. The screen's words (namespace 'rounds') load beside it.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importCargoAdminPage = withNamespaces(
  ['rounds'],
  () => import('./cargo-admin-page.tsx'),
);
