// The words of the profile's "Notifications" part and the mail opt-out screen (issue 19; not
// in the product spec, whose English these follow in tone), as message ids of the 'account'
// catalogue: each is worded when shown, in the language of that moment. Each state is said in
// words, so a switch is never read by its colour alone.
import { message, type Message, type MessageId } from '#shared/i18n/messages';
import type { DeviceState, PushFailure } from './push-device.ts';

/** The notes a tap leaves under a switch (kept in state, worded when rendered). */
export const NOTIFICATION_NOTES = {
  dismissed: message('account.notifications.dismissed'),
  pushTurnedOn: message('account.notifications.pushTurnedOn'),
  pushTurnedOff: message('account.notifications.pushTurnedOff'),
  emailTurnedOn: message('account.notifications.emailTurnedOn'),
  emailTurnedOff: message('account.notifications.emailTurnedOff'),
  saveFailed: message('account.notifications.saveFailed'),
} as const satisfies Record<string, Message>;

const FAILURES = {
  'no-worker': 'account.notifications.failure.noWorker',
  'blocked-here': 'account.notifications.failure.blockedHere',
  'push-service': 'account.notifications.failure.pushService',
  'no-key': 'account.notifications.failure.noKey',
  'bad-subscription': 'account.notifications.failure.badSubscription',
} as const satisfies Record<PushFailure, MessageId>;

export function pushFailureText(failure: PushFailure): Message {
  return message(FAILURES[failure]);
}

/** The sentence under the push switch for the device's state. */
export function deviceStateText(
  state: DeviceState | null,
  pushPreference: boolean | null,
): MessageId {
  if (state === null) return 'account.notifications.checking';
  switch (state.kind) {
    case 'unsupported':
      return state.homeScreen
        ? 'account.notifications.unsupportedHomeScreen'
        : 'account.notifications.unsupported';
    case 'denied':
      return 'account.notifications.denied';
    case 'on':
      return pushPreference === false
        ? 'account.notifications.pushOffElsewhere'
        : 'account.notifications.pushOn';
    case 'off':
      return 'account.notifications.pushOff';
  }
}

/** Why mail would not reach the person, or null when it would. */
export function emailProofText(user: {
  email: string | null;
  emailVerified?: boolean | undefined;
}): MessageId | null {
  if (user.email === null) return 'account.notifications.emailMissing';
  return user.emailVerified === false ? 'account.notifications.emailNotProven' : null;
}
