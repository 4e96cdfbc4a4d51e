// The delivery details of the two carts (spec sections 2 and 5 "Cart placement"): the client
// gives an address, a phone number and notes; a guest also says who they are. The address and
// the notes are the same inputs in both.
import { ORDER_LIMITS } from '#shared/contracts/orders';
import { EMAIL_INPUT, type FieldSpec } from '../../../ui/form-fields.tsx';
import type { ClientFields, GuestFields } from '../checkout/order-actions.ts';

const { deliveryAddress, notes, name, email, phone } = ORDER_LIMITS;
const ADDRESS = {
  name: 'deliveryAddress',
  label: 'Delivery Address',
  autoComplete: 'street-address',
  maxLength: deliveryAddress,
} as const;
const NOTES = { name: 'notes', label: 'Notes', rows: 3, maxLength: notes } as const;

export const CLIENT_CART_FIELDS: readonly FieldSpec<keyof ClientFields>[] = [
  ADDRESS,
  {
    name: 'phoneNumber',
    label: 'Phone Number',
    type: 'tel',
    autoComplete: 'tel',
    maxLength: phone,
  },
  NOTES,
];

export const GUEST_CART_FIELDS: readonly FieldSpec<keyof GuestFields>[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', maxLength: name },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', maxLength: name },
  { name: 'email', label: 'Email', ...EMAIL_INPUT, maxLength: email },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: phone },
  ADDRESS,
  NOTES,
];

export const EMPTY_GUEST_FIELDS: GuestFields = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  deliveryAddress: '',
  notes: '',
};
