// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx). Only
// dynamic imports here: the entry imports this module, and a static one would put the
// screen's code in the landing's script.
export const importLoginPage = () => import('./login-page.tsx');
export const importProfilePage = () => import('./profile-page.tsx');
export const importRegisterPage = () => import('./register-page.tsx');
export const importResetPasswordPage = () => import('./reset-password-page.tsx');
