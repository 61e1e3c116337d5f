import * as v from 'valibot';
import { formatPln, grosz } from '../../../src/domain/money.ts';
import { deadlineText } from '../../../src/domain/polish-date.ts';
import type { MailBlock } from './render.ts';
import { formatMailDate, greeting, orderLinkBlock, transferBlocks } from './order-blocks.ts';
import type { MailContext } from './templates.ts';

/** The mails about money: a refund made, a transfer still awaited. Each reads its own job data (mail_jobs.details). */

type PaymentMail = { subject: string; preheader: string; blocks: MailBlock[] };

/**
 * 'Zwróciliśmy pieniądze': one mail per refund that was completed, with that
 * refund's amount (mail_jobs.details, written by the refunds trigger). A
 * refund through a gateway goes back the way the customer paid; one the
 * owner made by hand says only what the owner recorded.
 */
const refundDetailsSchema = v.object({
  amount: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  manual: v.boolean(),
  refundedOn: v.nullable(v.string()),
});

export function refundCompletedMail(context: MailContext): PaymentMail {
  const { order, shop } = context;
  const parsed = v.safeParse(refundDetailsSchema, context.details);
  if (!parsed.success) throw new Error('refund-completed mail without its refund');
  const { amount, manual, refundedOn } = parsed.output;
  const sum = formatPln(grosz(amount));
  return {
    subject: `Zwróciliśmy pieniądze za zamówienie ${order.number}`,
    preheader: `Zwrot ${sum} za zamówienie ${order.number}.`,
    blocks: [
      greeting(),
      {
        kind: 'paragraph',
        text: manual
          ? `zwróciliśmy ${sum} za zamówienie nr ${order.number}.`
          : `zwróciliśmy ${sum} za zamówienie nr ${order.number} tą samą drogą, którą zapłacono. Bank może potrzebować kilku dni roboczych, zanim pieniądze pojawią się na koncie.`,
      },
      {
        kind: 'rows',
        rows: [
          ['Kwota zwrotu', sum],
          ['Data zwrotu', manual && refundedOn ? formatMailDate(refundedOn) : null],
        ],
      },
      ...(shop.phone ? [{ kind: 'paragraph', text: `W razie pytań zadzwoń: ${shop.phone}.` } as const] : []),
      ...orderLinkBlock(context),
    ],
  };
}

const reminderDetailsSchema = v.object({ payBy: v.pipe(v.string(), v.isoTimestamp()) });

/**
 * 'Przypomnienie o płatności': once, after the first working day without the
 * transfer, with the bank details again and the moment the order is given
 * up (src/domain/payment-deadlines.ts, written into the job).
 */
export function transferReminderMail(context: MailContext): PaymentMail {
  const { order } = context;
  const parsed = v.safeParse(reminderDetailsSchema, context.details);
  if (!parsed.success) throw new Error('transfer-reminder mail without its deadline');
  const deadline = deadlineText(Date.parse(parsed.output.payBy));
  return {
    subject: `Przypomnienie o płatności za zamówienie ${order.number}`,
    preheader: `Czekamy na przelew ${formatPln(order.total)} ${deadline}.`,
    blocks: [
      greeting(),
      {
        kind: 'paragraph',
        text: `nie otrzymaliśmy jeszcze przelewu za zamówienie nr ${order.number}. Jeśli już go wysłano, prosimy zignorować tę wiadomość – przelew może iść do dwóch dni roboczych.`,
      },
      {
        kind: 'paragraph',
        text: `Jeśli wpłata nie dotrze ${deadline}, zamówienie anulujemy, a zarezerwowane produkty i termin dostawy wrócą do sprzedaży.`,
      },
      ...transferBlocks(context),
      ...orderLinkBlock(context),
    ],
  };
}
