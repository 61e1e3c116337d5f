import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../src/domain/categories.ts';
import { CONTACT_SUBJECTS } from '../../src/domain/contact-schema.ts';
import { DELIVERY_METHODS, type DeliveryMethod } from '../../src/domain/delivery.ts';
import { FULFILMENT_STATES, OCCASIONS, RECIPIENT_KINDS, SUBSTITUTION_CHOICES, bookingKind } from '../../src/domain/florist-order.ts';
import { INVOICE_JOB_STATES, INVOICE_KINDS, INVOICE_STATES } from '../../src/domain/invoice/model.ts';
import { VAT_RATES } from '../../src/domain/invoice/vat.ts';
import { MAIL_KINDS, MAIL_STATES } from '../../src/domain/mail-kinds.ts';
import { ORDER_PHOTO_KINDS } from '../../src/domain/order-photo.ts';
import { ORDER_STATUSES } from '../../src/domain/order-status.ts';
import { PUSH_KINDS } from '../../src/domain/push-notification.ts';
import { ORDER_SOURCES } from '../../src/domain/owner-order.ts';
import { MANUAL_PAYMENT_METHODS } from '../../src/domain/owner-payment-schema.ts';
import { LEDGER_PAYMENT_STATES, LEDGER_PROVIDERS, LEDGER_REFUND_STATES } from '../../src/domain/payment-ledger.ts';
import { PAYMENT_METHODS } from '../../src/domain/payment-methods.ts';
import { WITHDRAWAL_STATES } from '../../src/domain/withdrawal-request.ts';
import { WITHDRAWAL_RULES } from '../../src/domain/withdrawal-right.ts';
import { withDatabase } from '../support/test-backend.ts';

/**
 * The database refuses values the domain does not know, through CHECK lists
 * written in the migrations (`col in ('a', 'b')`); the app and the functions
 * work from the domain's constants. This keeps the two equal: every CHECK
 * list of the migrated schema is named here with the constant it mirrors,
 * so a value added on one side only (a new mail kind, a new status) fails
 * here rather than in production.
 */

interface CheckList {
  /** 'orders.status', or 'orders.delivery_method in orders_window_only_delivered' for a list inside a wider rule. */
  key: string;
  values: string[];
}

const MIRRORS: Record<string, readonly string[]> = {
  'products.category': CATEGORY_IDS,
  'products.withdrawal_rule': WITHDRAWAL_RULES,
  'orders.status': ORDER_STATUSES,
  'orders.delivery_method': DELIVERY_METHODS,
  'orders.payment_method': PAYMENT_METHODS,
  'orders.recipient_kind': RECIPIENT_KINDS,
  'orders.occasion': OCCASIONS,
  'orders.substitution': SUBSTITUTION_CHOICES,
  'orders.fulfilment_state': FULFILMENT_STATES,
  'orders.source': ORDER_SOURCES,
  // A window is booked only by the methods the delivery calendar gives windows; a date by those it books at all.
  'orders.delivery_method in orders_window_only_delivered': DELIVERY_METHODS.filter(
    (method: DeliveryMethod) => bookingKind(method) === 'window',
  ),
  'orders.delivery_method in orders_date_not_courier': DELIVERY_METHODS.filter((method: DeliveryMethod) => bookingKind(method) !== 'none'),
  'contact_messages.subject': CONTACT_SUBJECTS,
  'mail_jobs.kind': MAIL_KINDS,
  'mail_jobs.state': MAIL_STATES,
  'push_jobs.kind': PUSH_KINDS,
  // The push queue is the mail queue's design (decision 030): its jobs move through the same states.
  'push_jobs.state': MAIL_STATES,
  'withdrawal_requests.state': WITHDRAWAL_STATES,
  'payments.provider': LEDGER_PROVIDERS,
  // The ledger records gateway payments and the owner's manual ones alike.
  'payments.method': [...new Set([...PAYMENT_METHODS, ...MANUAL_PAYMENT_METHODS])],
  'payments.state': LEDGER_PAYMENT_STATES,
  'payment_events.provider': LEDGER_PROVIDERS,
  'refunds.state': LEDGER_REFUND_STATES,
  'order_photos.kind': ORDER_PHOTO_KINDS,
  'products.vat_rate': VAT_RATES,
  'order_items.vat_rate': VAT_RATES,
  'invoices.kind': INVOICE_KINDS,
  'invoices.state': INVOICE_STATES,
  'invoice_jobs.state': INVOICE_JOB_STATES,
};

/**
 * Every `col = ANY (ARRAY['a'::text, …])` in the CHECK constraints of the
 * shop's schemas, as Postgres writes back `col in ('a', …)`. A constraint
 * that is only the list is keyed by table and column; a list inside a wider
 * rule also by the constraint's name.
 */
async function checkLists(): Promise<CheckList[]> {
  const { rows } = await withDatabase((db) =>
    db.query<{ table_name: string; name: string; definition: string }>(`
      select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'c' and n.nspname in ('public', 'private')
       order by 1, 2`),
  );
  return rows.flatMap((row) => {
    const table = row.table_name.replace(/^public\./, '');
    const lists = [...row.definition.matchAll(/\(?(\w+)\)?(?:::\w+)? = ANY \(\(?ARRAY\[([^\]]*)\]/g)];
    const onlyTheList = /^CHECK \(\(?\(?\w+\)?(?:::\w+)? = ANY \(\(?ARRAY\[[^\]]*\]\)?(?:::\w+\[\])?\)\)?\)$/.test(row.definition);
    return lists.map((match) => ({
      key: onlyTheList ? `${table}.${match[1]}` : `${table}.${match[1]} in ${row.name}`,
      values: [...(match[2] ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((value) => (value[1] ?? '').replace(/''/g, "'")),
    }));
  });
}

/** What differs: lists without a mirror, and for each mirrored list the values only the database or only the domain has. */
function differences(lists: readonly CheckList[], mirrors: Readonly<Record<string, readonly string[]>>): string[] {
  return lists.flatMap(({ key, values }) => {
    const domain = mirrors[key];
    if (!domain) return [`${key}: a CHECK list no domain constant mirrors (${values.join(', ')})`];
    const onlyDatabase = values.filter((value) => !domain.includes(value));
    const onlyDomain = domain.filter((value) => !values.includes(value));
    return [
      ...(onlyDatabase.length > 0 ? [`${key}: only in the database: ${onlyDatabase.join(', ')}`] : []),
      ...(onlyDomain.length > 0 ? [`${key}: only in the domain: ${onlyDomain.join(', ')}`] : []),
    ];
  });
}

describe('CHECK lists of the migrated database', () => {
  it('equal the domain constants they mirror, each one named here', async () => {
    const lists = await checkLists();
    expect(differences(lists, MIRRORS)).toEqual([]);
    // Every mirror still has its list: a CHECK dropped or renamed in a migration shows here.
    expect(Object.keys(MIRRORS).filter((key) => !lists.some((list) => list.key === key))).toEqual([]);
  });

  it('reports a value the domain gains without a migration, and a new CHECK list nobody mirrors', async () => {
    const lists = await checkLists();
    expect(differences(lists, { ...MIRRORS, 'mail_jobs.kind': [...MAIL_KINDS, 'gift-card'] })).toEqual([
      'mail_jobs.kind: only in the domain: gift-card',
    ]);
    expect(differences([...lists, { key: 'orders.colour', values: ['red'] }], MIRRORS)).toEqual([
      'orders.colour: a CHECK list no domain constant mirrors (red)',
    ]);
  });
});
