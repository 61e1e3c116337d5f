import * as v from 'valibot';
import { formatDateTimeLong } from '../../../src/domain/polish-date.ts';
import { withdrawalReceiptSchema, type WithdrawalReceipt } from '../../../src/domain/withdrawal-request.ts';
import type { MailBlock } from './render.ts';
import { greeting, orderLinkBlock } from './order-blocks.ts';
import type { MailContext, Template } from './templates.ts';

/*
 * The two mails of a withdrawal request: the customer's
 * confirmation ('withdrawal-received', a durable medium as art. 32 ust. 4
 * ustawy o prawach konsumenta asks) and the owner's notice. Both say what the
 * request accepted and what it refused, from the receipt the
 * withdrawal-request function stored with the job (mail_jobs.details).
 */

export const WITHDRAWAL_MAIL_KINDS = ['withdrawal-received', 'owner-withdrawal'] as const;
export type WithdrawalMailKind = (typeof WITHDRAWAL_MAIL_KINDS)[number];

export function isWithdrawalMailKind(kind: string): kind is WithdrawalMailKind {
  return (WITHDRAWAL_MAIL_KINDS as readonly string[]).includes(kind);
}

function receiptOf(context: MailContext): WithdrawalReceipt {
  const parsed = v.safeParse(withdrawalReceiptSchema, context.details);
  // A job without its receipt cannot say what was accepted: it fails (and is retried) rather than send an empty mail.
  if (!parsed.success) throw new Error('the withdrawal mail job carries no readable receipt');
  return parsed.output;
}

function linesBlocks(receipt: WithdrawalReceipt): MailBlock[] {
  const accepted: MailBlock[] = [
    { kind: 'heading', text: 'Przyjęte do zwrotu' },
    { kind: 'rows', rows: receipt.accepted.map((line) => [line.name, `${line.quantity} szt.`] as const) },
  ];
  if (receipt.refused.length === 0) return accepted;
  return [
    ...accepted,
    { kind: 'heading', text: 'Nieprzyjęte' },
    ...receipt.refused.map((line): MailBlock => ({ kind: 'paragraph', text: `${line.name} (${line.quantity} szt.): ${line.reason}` })),
  ];
}

function summaryRows(receipt: WithdrawalReceipt): MailBlock {
  return {
    kind: 'rows',
    rows: [
      ['Numer zgłoszenia', receipt.requestNumber],
      ['Zamówienie', receipt.orderNumber],
      ['Złożone', formatDateTimeLong(receipt.createdAt)],
      ['Powód', receipt.reason],
    ],
  };
}

export const WITHDRAWAL_TEMPLATES: Record<WithdrawalMailKind, Template> = {
  'withdrawal-received': (context) => {
    const receipt = receiptOf(context);
    const { shop } = context;
    const returnTo = shop.address ? `na adres ${shop.address}` : 'do sklepu';
    return {
      subject: `Otrzymaliśmy odstąpienie od umowy ${receipt.requestNumber} – zamówienie ${receipt.orderNumber}`,
      preheader: `Zgłoszenie ${receipt.requestNumber}: przyjęliśmy ${receipt.accepted.length} poz. do zwrotu.`,
      blocks: [
        { kind: 'heading', text: 'Otrzymaliśmy Twoje odstąpienie od umowy' },
        greeting(),
        {
          kind: 'paragraph',
          text: `potwierdzamy otrzymanie oświadczenia o odstąpieniu od umowy dla zamówienia nr ${receipt.orderNumber}. Zachowaj tę wiadomość.`,
        },
        summaryRows(receipt),
        ...linesBlocks(receipt),
        { kind: 'note', text: receipt.periodNote },
        { kind: 'heading', text: 'Co dalej' },
        {
          kind: 'paragraph',
          text:
            `Odeślij lub przynieś przyjęte produkty ${returnTo} w ciągu 14 dni. ` +
            'Zwrócimy płatność za nie (z kosztem najtańszej dostawy, jeśli zwracasz całe zamówienie) tą samą drogą, ' +
            'w ciągu 14 dni od otrzymania oświadczenia; możemy wstrzymać zwrot do czasu otrzymania produktów.',
        },
        ...orderLinkBlock(context),
      ],
    };
  },

  'owner-withdrawal': (context) => {
    const receipt = receiptOf(context);
    const { order } = context;
    const url = context.siteUrl ? `${context.siteUrl.replace(/\/+$/, '')}/admin/odstapienia` : null;
    return {
      subject: `Odstąpienie od umowy ${receipt.requestNumber} – zamówienie ${receipt.orderNumber}`,
      preheader: `${order.customerName}: ${receipt.accepted.length} poz. do zwrotu.`,
      blocks: [
        { kind: 'heading', text: `Odstąpienie od umowy ${receipt.requestNumber}` },
        {
          kind: 'rows',
          rows: [
            ['Klient', order.customerName],
            ['E-mail', order.customerEmail],
            ['Telefon', order.customerPhone],
          ],
        },
        summaryRows(receipt),
        ...linesBlocks(receipt),
        { kind: 'note', text: receipt.periodNote },
        ...(url ? [{ kind: 'link', label: 'Otwórz w panelu', url } as const] : []),
      ],
    };
  },
};
