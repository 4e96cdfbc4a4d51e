// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx) with the
// 'account' catalogue (feedback's words live there). Only dynamic imports here: the entry
// imports this module, and a static one would put the screen's code in the landing's script.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importFeedbackPage = withNamespaces(['account'], () => import('./feedback-page.tsx'));
