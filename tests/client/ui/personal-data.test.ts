// What an order's address field says (beyond-spec.md section 2): the address, when it will
// show, that the window closed, that only confirmed volunteers see it, or that the retention
// sweep removed it; never "null".
import { describe, expect, it } from 'vitest';
import {
  addressForConfirmedOnlyText,
  addressNoLongerShownText,
  addressText,
  personalDetailsRemovedText,
  type AddressState,
} from '#client/ui/personal-data';

const shown: AddressState = {
  deliveryAddress: '9 Window Street',
  personalDataHidden: false,
  personalDataShownFrom: null,
  personalDataPurged: false,
  personalDataUntil: null,
};
const hidden = { ...shown, deliveryAddress: null, personalDataHidden: true };
const local = (iso: string) => `local(${iso})`;

describe('addressText', () => {
  it('shows the address when the reply holds it', () => {
    expect(addressText(shown, local)).toBe('9 Window Street');
  });

  it('says from when it shows, in the local time it is given', () => {
    const ahead = { ...hidden, personalDataShownFrom: '2026-12-09T18:00:00.000Z' };
    expect(addressText(ahead, local)).toBe('Address shown from local(2026-12-09T18:00:00.000Z)');
  });

  it('says the window closed, or that only confirmed volunteers see it', () => {
    const closed = { ...hidden, personalDataUntil: '2026-12-11T09:00:00.000Z' };
    expect(addressText(closed, local)).toBe(addressNoLongerShownText());
    expect(addressText(hidden, local)).toBe(addressForConfirmedOnlyText());
  });

  it('says a purged order’s details were removed, whatever else it holds', () => {
    const purged = { ...shown, deliveryAddress: '', personalDataPurged: true };
    expect(addressText(purged, local)).toBe(personalDetailsRemovedText());
    expect(addressText({ ...purged, deliveryAddress: null }, local)).toBe(
      'Personal details removed after delivery',
    );
  });

  it('is a dash, never "null", when there is simply no address', () => {
    expect(addressText({ ...shown, deliveryAddress: null }, local)).toBe('—');
  });
});
