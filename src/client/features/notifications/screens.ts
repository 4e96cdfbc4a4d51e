// This feature's screens, each loaded on demand (router.tsx) with the 'account' catalogue
// (the notification words live there). Only dynamic imports here: the entry imports this
// module, and a static one would put the screen's code in the landing's script.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importUnsubscribePage = withNamespaces(
  ['account'],
  () => import('./unsubscribe-page.tsx'),
);
