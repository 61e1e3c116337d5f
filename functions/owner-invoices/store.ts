import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import type { CategoryId } from '../../src/domain/categories.ts';
import type { Row } from '../../src/domain/database.ts';
import type { Json } from '../../src/domain/database.types.ts';
import { readOrderInvoice } from '../../src/domain/invoice.ts';
import { categoryRate } from '../../src/domain/invoice/settings.ts';
import { isVatRate } from '../../src/domain/invoice/vat.ts';
import { fromPln } from '../../src/domain/money.ts';
import { lineName } from '../../src/domain/product-sizes.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import { SETTING_KEYS, settingsFromRows, type SettingsValues } from '../../src/domain/settings.ts';
import { createOrderAccessStore } from '../_shared/order-access.ts';
import type { AdminClient } from '../_shared/supabase-clients.ts';
import type { InvoiceJobsStore } from './handler.ts';
import type { InvoiceOrderRecord, InvoiceRecord, InvoiceStore, InvoiceSummary } from './issue.ts';
import type { ResendStore } from './resend.ts';
import { readServices } from '../../src/domain/order-choices.ts';

const ORDER_COLUMNS =
  'id, status, payu_order_id, payment_method, shipping_cost, services_cost, services, discount, total, delivery_date, invoice, amount_paid, amount_refunded, ' +
  'order_items(product_name, size_label, quantity, price, vat_rate, products(category, vat_rate)), payments(state, completed_at, received_on)';

interface OrderRow {
  id: string;
  status: string;
  payu_order_id: string;
  payment_method: string;
  shipping_cost: number;
  services_cost: number;
  services: unknown;
  discount: number;
  total: number;
  delivery_date: string | null;
  invoice: Json;
  amount_paid: number;
  amount_refunded: number;
  order_items: {
    product_name: string;
    size_label: string | null;
    quantity: number;
    price: number;
    vat_rate: string | null;
    products: { category: string; vat_rate: string | null } | null;
  }[];
  payments: { state: string; completed_at: string | null; received_on: string | null }[];
}

/** The Warsaw day the order became paid in full: its latest completed payment's. */
function paidOn(row: OrderRow): string | null {
  if (Number(row.amount_paid) <= 0 || Number(row.amount_paid) < fromPln(row.total)) return null;
  const days = row.payments
    .filter((payment) => payment.state === 'completed')
    .map((payment) => payment.received_on ?? (payment.completed_at ? warsawDate(Date.parse(payment.completed_at)) : null))
    .filter((day): day is string => day !== null)
    .sort();
  return days[days.length - 1] ?? null;
}

function toOrder(row: OrderRow, settings: SettingsValues): InvoiceOrderRecord {
  const buyer = readOrderInvoice(row.invoice);
  return {
    id: row.id,
    status: row.status,
    amountRefunded: Number(row.amount_refunded),
    invoiceOrder: buyer && {
      orderNumber: row.payu_order_id,
      // A line sold before rates existed takes the product's rate or its category's now.
      items: row.order_items.map((item) => {
        const own = item.vat_rate ?? item.products?.vat_rate;
        return {
          // 'Bukiet polnych kwiatów (Duży)': the size is part of what was sold.
          name: lineName(item.product_name, item.size_label),
          quantity: item.quantity,
          price: fromPln(item.price),
          rate: isVatRate(own) ? own : categoryRate(settings, (item.products?.category ?? 'souvenirs') as CategoryId),
        };
      }),
      shippingCost: fromPln(row.shipping_cost),
      servicesCost: fromPln(row.services_cost),
      services: readServices(row.services).map((service) => ({ name: service.label, gross: service.price })),
      discount: fromPln(row.discount),
      buyer,
      deliveryDate: row.delivery_date,
      paymentMethod: row.payment_method,
      paidOn: paidOn(row),
    },
  };
}

function toInvoice(row: Row<'invoices'>): InvoiceRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    number: row.number,
    kind: row.kind,
    state: row.state,
    issueDate: row.issue_date,
    ksefNumber: row.ksef_number,
    issuedAt: row.issued_at,
    summary: row.summary as unknown as InvoiceSummary,
  };
}

/** The refusals public.invoice_issue raises (errcode 22023), as the owner reads them. */
const ISSUE_REFUSALS: Record<string, string> = {
  invoice_date: 'Data wystawienia musi być dzisiejsza.',
  order_not_found: 'Nie znaleziono zamówienia.',
  invoice_not_found: 'Nie znaleziono faktury do korekty.',
};

export function createOwnerInvoicesStore(admin: AdminClient): InvoiceStore & InvoiceJobsStore & ResendStore {
  async function loadSettings(): Promise<SettingsValues> {
    const { data, error } = await admin
      .from('app_settings')
      .select('key, value')
      .in('key', [...SETTING_KEYS]);
    if (error) throw new Error(`loading settings failed: ${error.message}`);
    return settingsFromRows(data ?? []);
  }
  return {
    isShopOwner: createOrderAccessStore(admin).isShopOwner,
    loadSettings,

    async findOrder(orderId) {
      if (!isUuid(orderId)) return null;
      const [{ data, error }, settings] = await Promise.all([
        admin.from('orders').select(ORDER_COLUMNS).eq('id', orderId).maybeSingle(),
        loadSettings(),
      ]);
      if (error) throw new Error(`loading the order failed: ${error.message}`);
      return data ? toOrder(data as unknown as OrderRow, settings) : null;
    },

    async invoicesOf(orderId) {
      const { data, error } = await admin.from('invoices').select('*').eq('order_id', orderId).order('issued_at').order('number');
      if (error) throw new Error(`loading invoices failed: ${error.message}`);
      return (data ?? []).map(toInvoice);
    },

    async issue(request) {
      const { data, error } = await admin.rpc('invoice_issue', {
        p_order_id: request.orderId,
        p_kind: request.kind,
        p_corrects: request.correctsId,
        p_series: request.series,
        p_issue_date: request.issueDate,
        p_xml: request.xml,
        p_summary: request.summary,
      });
      if (error) {
        const refusal = error.code === '22023' ? ISSUE_REFUSALS[error.message] : undefined;
        if (refusal) throw new Error(refusal);
        throw new Error(`issuing the invoice failed: ${error.message}`);
      }
      return toInvoice(data as Row<'invoices'>);
    },

    async findInvoice(invoiceId) {
      if (!isUuid(invoiceId)) return null;
      const { data, error } = await admin.from('invoices').select('*').eq('id', invoiceId).maybeSingle();
      if (error) throw new Error(`loading the invoice failed: ${error.message}`);
      return data ? { ...toInvoice(data), xml: data.xml } : null;
    },

    // Only while still rejected (the trigger allows a new XML only then); sent again from the first try.
    async replaceRejected(invoiceId, xml, summary) {
      const { data, error } = await admin
        .from('invoices')
        .update({
          xml,
          summary: summary as unknown as Json,
          state: 'issued',
          rejection_reason: null,
          last_error: null,
          attempts: 0,
          next_attempt_at: null,
        })
        .eq('id', invoiceId)
        .eq('state', 'rejected')
        .select('*');
      if (error) throw new Error(`storing the corrected invoice failed: ${error.message}`);
      const row = data?.[0];
      return row ? toInvoice(row) : null;
    },

    async claimJobs(limit) {
      const { data, error } = await admin.rpc('claim_invoice_jobs', { p_limit: limit });
      if (error) throw new Error(`claiming invoice jobs failed: ${error.message}`);
      return (data ?? []).map((job) => ({ orderId: job.order_id, attempts: job.attempts }));
    },

    async finishJob(orderId) {
      const { error } = await admin.from('invoice_jobs').update({ state: 'done', last_error: null }).eq('order_id', orderId);
      if (error) throw new Error(`recording an invoice job failed: ${error.message}`);
    },

    async failJob(orderId, reason, retryAt) {
      const { error } = await admin
        .from('invoice_jobs')
        .update(retryAt ? { state: 'pending', next_attempt_at: retryAt, last_error: reason } : { state: 'failed', last_error: reason })
        .eq('order_id', orderId);
      if (error) throw new Error(`recording an invoice job failed: ${error.message}`);
    },
  };
}
