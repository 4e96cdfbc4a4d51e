// The delivery details of the two carts (spec sections 2 and 5 "Cart placement"): the client
// gives an address, a phone number and notes; a guest also says who they are. The address and
// the notes are the same inputs in both. Functions, not constants: the labels are in the
// language of the moment they are shown.
import { ORDER_LIMITS } from '#shared/contracts/checks/orders';
import { t } from '../../../i18n/i18n.ts';
import { EMAIL_INPUT, type FieldSpec } from '../../../ui/form-fields.tsx';
import type { ClientFields, GuestFields } from '../checkout/order-actions.ts';

const { deliveryAddress, notes, name, email, phone } = ORDER_LIMITS;

function addressField() {
  return {
    name: 'deliveryAddress',
    label: t('ordering.cart.field.deliveryAddress'),
    autoComplete: 'street-address',
    maxLength: deliveryAddress,
  } as const;
}

function notesField() {
  return {
    name: 'notes',
    label: t('ordering.cart.field.notes'),
    rows: 3,
    maxLength: notes,
  } as const;
}

export function clientCartFields(): readonly FieldSpec<keyof ClientFields>[] {
  return [
    addressField(),
    {
      name: 'phoneNumber',
      label: t('ordering.cart.field.phoneNumber'),
      type: 'tel',
      autoComplete: 'tel',
      maxLength: phone,
    },
    notesField(),
  ];
}

export function guestCartFields(): readonly FieldSpec<keyof GuestFields>[] {
  return [
    {
      name: 'firstName',
      label: t('ordering.cart.field.firstName'),
      autoComplete: 'given-name',
      maxLength: name,
    },
    {
      name: 'lastName',
      label: t('ordering.cart.field.lastName'),
      autoComplete: 'family-name',
      maxLength: name,
    },
    { name: 'email', label: t('ordering.cart.field.email'), ...EMAIL_INPUT, maxLength: email },
    {
      name: 'phone',
      label: t('ordering.cart.field.phone'),
      type: 'tel',
      autoComplete: 'tel',
      maxLength: phone,
    },
    addressField(),
    notesField(),
  ];
}

export const EMPTY_GUEST_FIELDS: GuestFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  deliveryAddress: '',
  notes: '',
};
