import { useT } from '../../i18n/i18n.ts';
import { GUEST_USER, setSessionUser } from '../../session/session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { navigateTo } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import styles from './landing-page.module.css';

function LandingNav() {
  const t = useT();
  return (
    <>
      <Button variant="onBrand" onClick={() => navigateTo('/volunteerAppli')}>
        {t('common.landing.volunteerApplication')}
      </Button>
      <Button
        variant="onBrand"
        onClick={() => {
          setSessionUser(GUEST_USER);
          navigateTo('/guest');
        }}
      >
        {t('common.landing.guest')}
      </Button>
      <Button variant="onBrand" onClick={() => navigateTo('/login')}>
        {t('common.landing.login')}
      </Button>
      <Button variant="onBrand" onClick={() => navigateTo('/register')}>
        {t('common.landing.signUp')}
      </Button>
    </>
  );
}

/**
 * '/' for a visitor who is not signed in: the group's story and how to join. A first visit
 * shows it before the router has loaded (shell/first-screen.tsx): it moves with navigateTo.
 */
export function LandingPage() {
  const t = useT();
  return (
    <PageLayout
      header={
        <AppHeader>
          <LandingNav />
        </AppHeader>
      }
    >
      <section className={styles.hero} aria-labelledby="landing-title">
        <h1 id="landing-title">{t('common.landing.title')}</h1>
        <p className={styles.lead}>{t('common.landing.lead')}</p>
        <p>{t('common.landing.today')}</p>
      </section>
      <div className={styles.grid}>
        <section className={styles.panel} aria-labelledby="how-title">
          <h2 id="how-title">{t('common.landing.howTitle')}</h2>
          <p>{t('common.landing.howText')}</p>
        </section>
        <section className={`${styles.panel} ${styles.volunteer}`} aria-labelledby="vol-title">
          <h2 id="vol-title">{t('common.landing.volunteerTitle')}</h2>
          <p>{t('common.landing.volunteerText')}</p>
          <Button onClick={() => navigateTo('/volunteerAppli')}>{t('common.landing.apply')}</Button>
        </section>
      </div>
    </PageLayout>
  );
}
