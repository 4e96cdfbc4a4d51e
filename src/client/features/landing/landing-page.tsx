import { GUEST_USER, setSessionUser } from '../../session/session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { navigateTo } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import styles from './landing-page.module.css';

function LandingNav() {
  return (
    <>
      <Button variant="onBrand" onClick={() => navigateTo('/volunteerAppli')}>
        Volunteer Application
      </Button>
      <Button
        variant="onBrand"
        onClick={() => {
          setSessionUser(GUEST_USER);
          navigateTo('/guest');
        }}
      >
        Guest
      </Button>
      <Button variant="onBrand" onClick={() => navigateTo('/login')}>
        Login
      </Button>
      <Button variant="onBrand" onClick={() => navigateTo('/register')}>
        Sign up
      </Button>
    </>
  );
}

/**
 * '/' for a visitor who is not signed in: the group's story and how to join. A first visit
 * shows it before the router has loaded (shell/first-screen.tsx): it moves with navigateTo.
 */
export function LandingPage() {
  return (
    <PageLayout
      header={
        <AppHeader>
          <LandingNav />
        </AppHeader>
      }
    >
      <section className={styles.hero} aria-labelledby="landing-title">
        <h1 id="landing-title">Medical supplies, brought to where people are</h1>
        <p className={styles.lead}>
          We are a student-run street medicine group. It started with a handful of medical and
          nursing students walking the same streets every week with a backpack of socks, wound care
          and hygiene kits, and listening to what our neighbours living outside actually needed.
        </p>
        <p>
          Today we run regular outreach rounds with volunteer clinicians. Anyone can ask for
          supplies here, with an account or as a guest, and our volunteers bring them on the next
          round, even where the phone signal gives out.
        </p>
      </section>
      <div className={styles.grid}>
        <section className={styles.panel} aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <p>
            Pick what you need from the supply list, tell us where to find you, and place the order.
            Signed-in clients can follow their orders and cancel them while they are pending.
          </p>
        </section>
        <section className={`${styles.panel} ${styles.volunteer}`} aria-labelledby="vol-title">
          <h2 id="vol-title">Volunteering</h2>
          <p>
            Students, clinicians and neighbours join our rounds to pack supplies, deliver orders and
            spend time with people on the street. No experience is needed: team leads show you the
            ropes on your first round.
          </p>
          <Button onClick={() => navigateTo('/volunteerAppli')}>Apply to volunteer</Button>
        </section>
      </div>
    </PageLayout>
  );
}
