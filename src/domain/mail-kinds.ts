/**
 * The mails the shop sends about an order, one job each per order
 * (public.mail_jobs): their names, and how the owner's admin names them and
 * their state. The wording of the mails themselves lives with the templates
 * (functions/_shared/mail/templates.ts).
 */

export const MAIL_KINDS = [
  'order-confirmation',
  'owner-new-order',
  'payment-received',
  // One per completed refund, carrying its amount (mail_jobs.details).
  'refund-completed',
  // Once, when a transfer has not arrived after a working day, carrying the deadline (mail_jobs.details).
  'transfer-reminder',
  'status-processing',
  'status-cancelled',
  'fulfilment-out-for-delivery',
  'fulfilment-delivered',
  'fulfilment-failed-attempt',
  // Asked for by a guest (order-link-request): an order may have several.
  'order-link',
  // One pair per withdrawal request, each carrying that request's receipt (mail_jobs.details).
  'withdrawal-received',
  'owner-withdrawal',
  // 'Zdjęcie Twojego zamówienia': once per order and photo kind, linking the order page (docs/storage.md).
  'photo-before-dispatch',
  'photo-after-delivery',
  // Once KSeF accepted the invoice: its PDF attached, one job per invoice (mail_jobs.details names it).
  'invoice',
  'invoice-correction',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(value: string): value is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(value);
}

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'order-confirmation': 'Potwierdzenie zamówienia',
  'owner-new-order': 'Powiadomienie sklepu o zamówieniu',
  'payment-received': 'Płatność otrzymana',
  'refund-completed': 'Zwrot pieniędzy',
  'transfer-reminder': 'Przypomnienie o płatności',
  'status-processing': 'W realizacji',
  'status-cancelled': 'Anulowane',
  'fulfilment-out-for-delivery': 'W drodze',
  'fulfilment-delivered': 'Dostarczono',
  'fulfilment-failed-attempt': 'Nieudana próba doręczenia',
  'order-link': 'Link do zamówienia',
  'withdrawal-received': 'Potwierdzenie odstąpienia od umowy',
  'owner-withdrawal': 'Powiadomienie sklepu o odstąpieniu',
  'photo-before-dispatch': 'Zdjęcie przed wysyłką',
  'photo-after-delivery': 'Zdjęcie po dostawie',
  invoice: 'Faktura',
  'invoice-correction': 'Faktura korygująca',
};

export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pending: 'Czeka na wysłanie',
  sending: 'Wysyłanie',
  sent: 'Wysłano',
  failed: 'Nie udało się wysłać',
};

export function isMailState(value: string): value is MailState {
  return (MAIL_STATES as readonly string[]).includes(value);
}
