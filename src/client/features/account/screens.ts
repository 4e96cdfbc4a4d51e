// This feature's screens, each loaded on demand (router.tsx, pages/home-page.tsx) with the
// 'account' catalogue beside its code. Only dynamic imports here: the entry imports this
// module, and a static one would put the screen's code in the landing's script.
import { withNamespaces } from '../../i18n/catalogues.ts';

export const importLoginPage = withNamespaces(['account'], () => import('./login-page.tsx'));
export const importProfilePage = withNamespaces(['account'], () => import('./profile-page.tsx'));
export const importRegisterPage = withNamespaces(['account'], () => import('./register-page.tsx'));
export const importResetPasswordPage = withNamespaces(
  ['account'],
  () => import('./reset-password-page.tsx'),
);
