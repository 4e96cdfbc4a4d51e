// This feature's screens, each loaded on demand (router.tsx). Only dynamic imports here: the
// entry imports this module, and a static one would put the screen's code in the landing's
// script.
export const importUnsubscribePage = () => import('./unsubscribe-page.tsx');
