import { DELIVERY_METHODS, DELIVERY_METHOD_LABELS, type DeliveryMethod } from './delivery.ts';
import { formatPln, grosz } from './money.ts';
import { polishPlural } from './plural.ts';
import { formatPolishDate } from './polish-date.ts';

/*
 * What a push to the owner's devices says (docs/push.md). The texts are
 * made on the server from the facts the database kept with the job
 * (public.push_jobs.details) and shown by the service worker as they come.
 * A lock screen shows them to anyone nearby, so they carry the order's
 * number, amount and day, and never a customer's name, address or phone.
 */

export const PUSH_KINDS = ['new-order', 'payment-received', 'withdrawal-request', 'test'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export function isPushKind(value: string): value is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(value);
}

/** The payload a push carries, JSON: what the notification shows and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  /** A back-office path (always under /admin). */
  url: string;
  /** A later push with the same tag replaces the earlier notification instead of piling up. */
  tag: string;
}

const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;

/** Whether a tap may open `url`: a path of the back office, never another site. */
export function isAdminPath(url: string): boolean {
  return ADMIN_PATH.test(url) && !url.startsWith('//');
}

const field = (details: Record<string, unknown>, name: string): string => {
  const value = details[name];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};
const amount = (details: Record<string, unknown>, name: string): string | null => {
  const value = details[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatPln(grosz(value)) : null;
};
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function orderUrl(details: Record<string, unknown>): string {
  const id = field(details, 'orderId');
  return /^[0-9a-f-]{36}$/i.test(id) ? `/admin/orders?id=${id}` : '/admin/orders';
}

/** 'Dostawa na cmentarz 01.11.2026 (niedziela), 9:00–12:00'; a courier has no day. */
function deliveryLine(details: Record<string, unknown>): string {
  const method = field(details, 'deliveryMethod');
  const label = (DELIVERY_METHODS as readonly string[]).includes(method) ? DELIVERY_METHOD_LABELS[method as DeliveryMethod] : '';
  const date = field(details, 'deliveryDate');
  const window = field(details, 'window');
  const when = isDate(date) ? [formatPolishDate(date), window].filter(Boolean).join(', ') : '';
  return [label, when].filter(Boolean).join(' ');
}

/** The notification for a job of `kind` with the facts the database kept (`details`, read defensively: it is JSON). */
export function pushMessage(kind: PushKind, details: unknown): PushMessage {
  const facts = typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  const number = field(facts, 'number');
  const orderRef = number ? `nr ${number}` : '';
  switch (kind) {
    case 'new-order':
      return {
        title: ['Nowe zamówienie', orderRef].filter(Boolean).join(' '),
        body: [amount(facts, 'totalGrosz'), deliveryLine(facts)].filter(Boolean).join(' · ') || 'Otwórz, aby zobaczyć szczegóły.',
        url: orderUrl(facts),
        tag: `order-${field(facts, 'orderId') || 'new'}`,
      };
    case 'payment-received': {
      const paid = amount(facts, 'amountGrosz');
      return {
        title: 'Płatność otrzymana',
        body:
          [paid ? `Wpłynęło ${paid}` : 'Wpłynęła płatność', orderRef ? `za zamówienie ${orderRef}` : ''].filter(Boolean).join(' ') + '.',
        url: orderUrl(facts),
        tag: `payment-${field(facts, 'orderId') || 'new'}`,
      };
    }
    case 'withdrawal-request': {
      const pieces = Number(field(facts, 'pieces'));
      const count =
        Number.isSafeInteger(pieces) && pieces > 0
          ? `${pieces} ${polishPlural(pieces, { one: 'sztuka', few: 'sztuki', many: 'sztuk' })} do zwrotu`
          : '';
      return {
        title: ['Odstąpienie od umowy', field(facts, 'requestNumber')].filter(Boolean).join(' '),
        body: [orderRef ? `Zamówienie ${orderRef}` : '', count].filter(Boolean).join(' · ') || 'Otwórz, aby zobaczyć wniosek.',
        url: '/admin/odstapienia',
        tag: `withdrawal-${field(facts, 'requestNumber') || 'new'}`,
      };
    }
    case 'test':
      return {
        title: 'Powiadomienie testowe',
        body: 'Powiadomienia na tym urządzeniu działają.',
        url: '/admin/settings',
        tag: 'test',
      };
  }
}

/** A push's payload as the service worker receives it; null when it is not one of ours. */
export function parsePushMessage(data: unknown): PushMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string') return null;
  if (!title.trim() || !isAdminPath(url)) return null;
  return { title: title.slice(0, 120), body: body.slice(0, 300), url, tag: tag.slice(0, 100) };
}
