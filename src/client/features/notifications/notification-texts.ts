// The words of the profile's "Notifications" part and the mail opt-out screen (issue 19; not
// in the product spec, whose English these follow in tone). Each state is said in words, so
// a switch is never read by its colour alone.
import type { DeviceState, PushFailure } from './push-device.ts';

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  intro:
    'Reminders before your rounds, news about your sign-ups and orders: on this device, by email, or both.',
  pushLabel: 'Push notifications on this device',
  emailLabel: 'Email notifications',
  on: 'On',
  off: 'Off',
  checking: 'Checking this browser…',
  loading: 'Loading your settings…',
  pushOn: 'On: this device shows a notification when there is news for you.',
  pushOff: 'Off: this device shows no notifications. Turning them on asks your browser first.',
  pushOffElsewhere:
    'Off: notifications are turned off for all your devices. Turn them on to get them here.',
  unsupported: 'This browser cannot receive push notifications.',
  homeScreen:
    'On iPhone and iPad, add StreetMed Supply to your home screen (Share, then “Add to Home Screen”) and open it from there to turn them on.',
  denied:
    "You blocked notifications for this site. To turn them on, allow notifications in your browser's site settings.",
  dismissed: 'Your browser did not get an answer. Tap the switch again to be asked again.',
  pushTurnedOn: 'Push notifications are on for this device.',
  pushTurnedOff: 'Push notifications are off for this device.',
  emailOn: 'On: news is mailed to you too.',
  emailOff: 'Off: no mail is sent to you about rounds and orders.',
  emailTurnedOn: 'Email notifications are on.',
  emailTurnedOff: 'Email notifications are off.',
  emailNotProven:
    'Mail goes only to a confirmed address. Confirm your email under “Email address” above: we mail you a code to enter there.',
  emailMissing:
    'Mail goes only to a confirmed address, and this account has no email. Add one with “Email” in the form above, then confirm it.',
  loadFailed: 'Could not load your notification settings',
  saveFailed: 'Could not save your notification settings.',
} as const;

const FAILURES: Record<PushFailure, string> = {
  'no-worker':
    'This page is not ready for notifications yet (its service worker is not running). Reload the page and try again.',
  'blocked-here':
    'This browser window does not allow push notifications (a private window never does). Open the app in a normal window, or from your home screen, and try again.',
  'push-service':
    'Your browser could not reach its push service. Check the connection and try again.',
  'no-key': 'Could not reach the server to set up notifications. Try again when you are online.',
  'bad-subscription': 'Your browser gave an unusable push subscription. Try again later.',
};

export function pushFailureText(failure: PushFailure): string {
  return FAILURES[failure];
}

/** The sentence under the push switch for the device's state. */
export function deviceStateText(state: DeviceState | null, pushPreference: boolean | null): string {
  if (state === null) return NOTIFICATION_TEXTS.checking;
  switch (state.kind) {
    case 'unsupported':
      return state.homeScreen
        ? `${NOTIFICATION_TEXTS.unsupported} ${NOTIFICATION_TEXTS.homeScreen}`
        : NOTIFICATION_TEXTS.unsupported;
    case 'denied':
      return NOTIFICATION_TEXTS.denied;
    case 'on':
      return pushPreference === false
        ? NOTIFICATION_TEXTS.pushOffElsewhere
        : NOTIFICATION_TEXTS.pushOn;
    case 'off':
      return NOTIFICATION_TEXTS.pushOff;
  }
}

/** Why mail would not reach the person, or null when it would. */
export function emailProofText(user: {
  email: string | null;
  emailVerified?: boolean | undefined;
}): string | null {
  if (user.email === null) return NOTIFICATION_TEXTS.emailMissing;
  return user.emailVerified === false ? NOTIFICATION_TEXTS.emailNotProven : null;
}

export const UNSUBSCRIBE_TEXTS = {
  title: 'Email notifications',
  explain:
    'This link turns off the emails StreetMed Supply sends you about rounds and orders. Mail about your account (codes, password resets) still comes.',
  button: 'Turn off email notifications',
  sending: 'Turning off…',
  done: 'Email notifications are off. You can turn them on again on your profile.',
  missingToken:
    'This link is incomplete. Open it again from the email, or turn mail off on your profile.',
  failed: 'Could not turn off email notifications',
  profile: 'Go to your profile',
  home: 'Home',
} as const;
