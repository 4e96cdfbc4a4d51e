import type { VolunteerRound } from '#shared/contracts/rounds';
import type { OrderReply, OrderStatusName } from '#shared/contracts/orders';
import { t, useT } from '../../i18n/i18n.ts';
import type { MessageId } from '#shared/i18n/messages';
import { Field } from '../../ui/card-parts.tsx';
import { formatDateTime, orDash } from './format.ts';

/** What every round shows: description, location, start and end. */
export function RoundBasics({ round }: { round: VolunteerRound }) {
  const t = useT();
  return (
    <>
      <Field label={t('volunteer.round.description')}>{orDash(round.description)}</Field>
      <Field label={t('volunteer.round.location')}>{orDash(round.location)}</Field>
      <Field label={t('volunteer.round.start')}>
        <time dateTime={round.startTime}>{formatDateTime(round.startTime)}</time>
      </Field>
      <Field label={t('volunteer.round.end')}>
        <time dateTime={round.endTime}>{formatDateTime(round.endTime)}</time>
      </Field>
    </>
  );
}

export function yesNo(value: boolean): string {
  return value ? t('volunteer.field.yes') : t('volunteer.field.no');
}

// The codes the spec shows as they are (English keeps them); another language words them.
const ORDER_STATUS = {
  PENDING: 'volunteer.order.statusPending',
  PROCESSING: 'volunteer.order.statusProcessing',
  COMPLETED: 'volunteer.order.statusCompleted',
  CANCELLED: 'volunteer.order.statusCancelled',
} as const satisfies Record<OrderStatusName, MessageId>;

const ORDER_TYPE = {
  CLIENT: 'volunteer.order.typeClient',
  GUEST: 'volunteer.order.typeGuest',
} as const satisfies Record<OrderReply['orderType'], MessageId>;

/** An order's status code as the reader's language shows it (call at render). */
export function orderStatusText(status: OrderStatusName): string {
  return t(ORDER_STATUS[status]);
}

/** An order's type code as the reader's language shows it (call at render). */
export function orderTypeText(type: OrderReply['orderType']): string {
  return t(ORDER_TYPE[type]);
}
