// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx). Only
// dynamic imports here: the entry imports this module, and a static one would put the
// screen's code in the landing's script.
export const importOrderHistoryPage = () => import('./order-history-page.tsx');
