import { Logo } from './logo.tsx';
import styles from './app-header.module.css';

export const SITE_TITLE = import.meta.env.VITE_SITE_TITLE;

/** Logo and site title (spec section 1: "The public site title is shown in the header with a logo"). */
export function BrandMark() {
  return (
    <>
      <span className={styles.badge}>
        <Logo size={32} />
      </span>
      <span>{SITE_TITLE}</span>
    </>
  );
}
