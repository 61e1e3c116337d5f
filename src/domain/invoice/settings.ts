/**
 * The owner's invoice settings (section 'Faktury i VAT'): the seller's NIP
 * and VAT status, the numbering series, and the VAT rates of delivery,
 * services and each category's products (docs/decisions/036-vat-rates.md).
 */

import { CATEGORIES, type CategoryId } from '../categories.ts';
import { isValidNip, normaliseNip } from '../nip.ts';
import type { SettingDefinition, SettingsValues } from '../settings.ts';
import type { InvoiceSettings } from './from-order.ts';
import { DEFAULT_INVOICE_SERIES, isValidSeries } from './numbering.ts';
import { isVatRate, VAT_RATE_LABELS, VAT_RATES, type VatRate } from './vat.ts';

export const VAT_STATUSES = ['payer', 'exempt'] as const;
type VatStatus = (typeof VAT_STATUSES)[number];
const VAT_STATUS_LABELS: Record<VatStatus, string> = { payer: 'Czynny podatnik VAT', exempt: 'Zwolniony z VAT (art. 113)' };
export const DEFAULT_EXEMPTION_BASIS = 'art. 113 ust. 1 ustawy z dnia 11 marca 2004 r. o podatku od towarów i usług';

const RATE_OPTIONS = VAT_RATES.map((rate) => ({ value: rate, label: VAT_RATE_LABELS[rate] }));

/** The settings key of a category's default rate (settings keys take no dashes). */
export function categoryRateKey(category: CategoryId): string {
  return `vat_rate_${category.replaceAll('-', '_')}`;
}

/** Defaults before the owner sets anything: the rates in the decision record. */
export const DEFAULT_CATEGORY_RATES: Record<CategoryId, VatRate> = {
  'live-flowers': '8',
  'artificial-flowers': '23',
  candles: '23',
  souvenirs: '23',
  'seasonal-gifts': '23',
};

export const INVOICE_SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    key: 'company_nip',
    label: 'NIP sprzedawcy',
    section: 'invoices',
    kind: 'text',
    placeholder: '000-000-00-00',
    check: (value) => (isValidNip(value) ? null : 'Nieprawidłowy NIP'),
  },
  {
    key: 'vat_status',
    label: 'Status VAT',
    section: 'invoices',
    kind: 'select',
    options: VAT_STATUSES.map((status) => ({ value: status, label: VAT_STATUS_LABELS[status] })),
  },
  {
    key: 'vat_exemption_basis',
    label: 'Podstawa zwolnienia z VAT',
    section: 'invoices',
    kind: 'text',
    placeholder: DEFAULT_EXEMPTION_BASIS,
    hint: 'Drukowana na fakturze sprzedawcy zwolnionego. Puste: przepis podany w podpowiedzi.',
  },
  {
    key: 'invoice_series',
    label: 'Numeracja faktur',
    section: 'invoices',
    kind: 'text',
    placeholder: DEFAULT_INVOICE_SERIES,
    hint: '{rok}, {miesiąc} i kolejny numer {n}. Korekty mają numer z przedrostkiem KOR/.',
    check: (value) => (isValidSeries(value) ? null : 'Numeracja musi zawierać {n}; dozwolone są też {rok} i {miesiąc}'),
  },
  { key: 'vat_rate_delivery', label: 'Stawka VAT dostawy', section: 'invoices', kind: 'select', options: RATE_OPTIONS },
  { key: 'vat_rate_services', label: 'Stawka VAT usług dodatkowych', section: 'invoices', kind: 'select', options: RATE_OPTIONS },
  ...CATEGORIES.map((category): SettingDefinition => ({
    key: categoryRateKey(category.id),
    label: `Stawka VAT: ${category.label}`,
    section: 'invoices',
    kind: 'select',
    options: RATE_OPTIONS,
    hint: `Domyślnie ${VAT_RATE_LABELS[DEFAULT_CATEGORY_RATES[category.id]]}; produkt może mieć własną stawkę.`,
  })),
];

function rateOr(value: string | undefined, fallback: VatRate): VatRate {
  const trimmed = value?.trim();
  return isVatRate(trimmed) ? trimmed : fallback;
}

export function categoryRate(values: SettingsValues, category: CategoryId): VatRate {
  return rateOr(values[categoryRateKey(category)], DEFAULT_CATEGORY_RATES[category]);
}

export type InvoiceSettingsResult = { ok: true; settings: InvoiceSettings; series: string } | { ok: false; missing: string[] };

/** What an invoice needs from the settings, or the Polish names of what is missing. */
export function readInvoiceSettings(values: SettingsValues): InvoiceSettingsResult {
  const nip = normaliseNip(values.company_nip ?? '');
  const name = (values.company_name ?? '').trim();
  const address = (values.company_address ?? '').trim();
  const missing = [...(isValidNip(nip) ? [] : ['NIP sprzedawcy']), ...(name ? [] : ['nazwa firmy']), ...(address ? [] : ['adres firmy'])];
  const series = (values.invoice_series ?? '').trim() || DEFAULT_INVOICE_SERIES;
  if (!isValidSeries(series)) missing.push('numeracja faktur');
  if (missing.length > 0) return { ok: false, missing };
  const exempt = values.vat_status === 'exempt';
  return {
    ok: true,
    series,
    settings: {
      seller: { nip, name, address, exemptionBasis: exempt ? (values.vat_exemption_basis ?? '').trim() || DEFAULT_EXEMPTION_BASIS : null },
      deliveryRate: rateOr(values.vat_rate_delivery, '23'),
      servicesRate: rateOr(values.vat_rate_services, '23'),
    },
  };
}
