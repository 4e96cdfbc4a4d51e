// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx) with the
// 'volunteer' catalogue in the current language beside its code. Only dynamic imports here:
// the entry imports this module, and a static one would put the screen's code in the
// landing's script.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importCargoVolunteerPage = withNamespaces(
  ['volunteer'],
  () => import('./cargo-volunteer-page.tsx'),
);
export const importVolunteerDashboard = withNamespaces(
  ['volunteer'],
  () => import('./volunteer-dashboard.tsx'),
);
