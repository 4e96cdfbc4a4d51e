// What a screen shows in an order's address field when the address is not in the reply
// (beyond-spec.md section 2): the volunteer's "Address shown from …" before the round's address
// window, and "Personal details removed after delivery" once the retention sweep (or this
// device, by the same rule) removed it. Every screen that lists orders says the same words,
// and none ever shows "null". The texts are made when shown, in the current language.
import { t } from '../i18n/i18n.ts';

export const personalDetailsRemovedText = (): string => t('common.personalData.removed');
export const addressNoLongerShownText = (): string => t('common.personalData.noLongerShown');
export const addressForConfirmedOnlyText = (): string => t('common.personalData.confirmedOnly');

export function addressShownFromText(localTime: string): string {
  return t('common.personalData.shownFrom', { time: localTime });
}

/** The fields of an order reply (or a round's order) that say what became of its address. */
export interface AddressState {
  deliveryAddress: string | null;
  personalDataHidden: boolean;
  personalDataShownFrom: string | null;
  personalDataPurged: boolean;
  personalDataUntil: string | null;
}

/**
 * The address as the screen shows it: the address itself, or why it is not there. `formatTime`
 * writes an ISO instant in the viewer's local time (each screen has its own style).
 */
export function addressText(order: AddressState, formatTime: (iso: string) => string): string {
  if (order.personalDataPurged) return personalDetailsRemovedText();
  if (order.deliveryAddress !== null && order.deliveryAddress !== '') return order.deliveryAddress;
  if (order.personalDataShownFrom !== null) {
    return addressShownFromText(formatTime(order.personalDataShownFrom));
  }
  if (order.personalDataHidden) {
    return order.personalDataUntil === null
      ? addressForConfirmedOnlyText()
      : addressNoLongerShownText();
  }
  return '—';
}
