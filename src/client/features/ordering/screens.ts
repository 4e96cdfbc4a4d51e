// The ordering screens, each loaded on demand (router.tsx, pages/home-page.tsx). Only dynamic
// imports here: the entry imports this module, and a static import would put the screen's code
// in the landing's script (index.ts re-exports modules that must stay out of it).
export const importClientHome = () => import('./homes/client-home.tsx');
export const importGuestHome = () => import('./homes/guest-home.tsx');
