import { describe, expect, it } from 'vitest';
import {
  REQUIRED_SETTING_KEYS,
  SECRET_SETTING_KEYS,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  SETTING_SECTIONS,
  parseSettingNumber,
  settingsFromRows,
  settingsToRows,
  validateSettings,
} from './settings.ts';

const SPEC_KEYS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'payu_classic_pos_id',
  'payu_classic_pos_auth_key',
  'payu_classic_gateway_url',
  'payu_classic_success_url',
  'payu_classic_failure_url',
  'google_maps_api_key',
  'stripe_public_key',
  'stripe_secret_key',
  'free_shipping_threshold',
  'delivery_rate_per_km',
  'store_hours',
];
const SHOP_KEYS = [
  'payu_classic_key2',
  'payu_api',
  'payu_rest_api_url',
  'payu_rest_pos_id',
  'payu_rest_client_id',
  'payu_rest_client_secret',
  'payu_rest_second_key',
  'payu_blik_code',
  'stripe_webhook_secret',
  'stripe_api_url',
  'transfer_payment_days',
  'guest_max_pieces_per_line',
  'guest_max_pieces_per_order',
  'max_unpaid_orders_per_email',
  'max_unpaid_orders_per_address',
  'order_link_days',
  'bank_account_number',
  'bank_name',
  'bank_account_holder',
  'bank_address',
  'bank_swift',
  'shop_origin_lat',
  'shop_origin_lng',
  'company_nip',
  'vat_status',
  'vat_exemption_basis',
  'invoice_series',
  'vat_rate_delivery',
  'vat_rate_services',
  'vat_rate_live_flowers',
  'vat_rate_artificial_flowers',
  'vat_rate_candles',
  'vat_rate_souvenirs',
  'vat_rate_seasonal_gifts',
];

function completeValues(): Record<string, string> {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, '']));
}

describe('settings definitions', () => {
  it('cover every docs/spec.md §3 key and the shop keys of the seed, once each', () => {
    expect([...SETTING_KEYS].sort()).toEqual([...SPEC_KEYS, ...SHOP_KEYS].sort());
    expect(new Set(SETTING_KEYS).size).toBe(SETTING_KEYS.length);
  });

  it('sit in the five sections, each non-empty', () => {
    expect(SETTING_SECTIONS.map((section) => section.id)).toEqual(['company', 'invoices', 'gateway', 'integrations', 'shop']);
    for (const section of SETTING_SECTIONS) expect(SETTING_DEFINITIONS.some((d) => d.section === section.id)).toBe(true);
  });

  it('mark the keys and passwords as secret, and the ones the shop cannot run without as required', () => {
    expect([...SECRET_SETTING_KEYS].sort()).toEqual([
      'google_maps_api_key',
      'payu_classic_key2',
      'payu_classic_pos_auth_key',
      'payu_rest_client_secret',
      'payu_rest_second_key',
      'stripe_secret_key',
      'stripe_webhook_secret',
    ]);
    expect(REQUIRED_SETTING_KEYS).toEqual(
      expect.arrayContaining(['company_name', 'payu_api', 'free_shipping_threshold', 'delivery_rate_per_km', 'store_hours']),
    );
    expect(REQUIRED_SETTING_KEYS).not.toContain('stripe_secret_key');
    expect(SETTING_DEFINITIONS.find((d) => d.key === 'store_hours')?.kind).toBe('textarea');
  });
});

describe('settings rows', () => {
  it('fill every known key, blank where the row is missing, and ignore unknown keys', () => {
    const values = settingsFromRows([
      { key: 'company_name', value: 'Pod Różą' },
      { key: 'unknown', value: 'x' },
      { key: 'bank_swift', value: null },
    ]);
    expect(Object.keys(values).sort()).toEqual([...SETTING_KEYS].sort());
    expect(values.company_name).toBe('Pod Różą');
    expect(values.bank_swift).toBe('');
    expect(values).not.toHaveProperty('unknown');
  });

  it('send every key, trimmed, blank as an empty string', () => {
    const rows = settingsToRows({ company_name: '  Pod Różą ', store_hours: 'Pon 8–15\nSob 8–13\n' });
    expect(rows).toHaveLength(SETTING_KEYS.length);
    expect(rows.find((row) => row.key === 'company_name')?.value).toBe('Pod Różą');
    expect(rows.find((row) => row.key === 'store_hours')?.value).toBe('Pon 8–15\nSob 8–13');
    expect(rows.find((row) => row.key === 'stripe_secret_key')?.value).toBe('');
  });
});

describe('parseSettingNumber', () => {
  it.each([
    ['300', 300],
    ['1,80', 1.8],
    [' 1.80 ', 1.8],
    ['1 000', 1000],
    ['', null],
    ['abc', null],
    ['1e5', null],
    [undefined, null],
  ])('%j → %j', (text, expected) => {
    expect(parseSettingNumber(text)).toBe(expected);
  });
});

describe('validateSettings', () => {
  it('asks for the required fields and real numbers', () => {
    const errors = validateSettings({
      ...completeValues(),
      free_shipping_threshold: 'dużo',
      delivery_rate_per_km: '-1',
      company_email: 'zły',
      shop_origin_lat: '123',
    });
    expect(errors.company_name).toBe('To pole jest wymagane');
    expect(errors.free_shipping_threshold).toBe('Podaj liczbę, np. 300 lub 1,80');
    expect(errors.delivery_rate_per_km).toBe('Wartość nie może być mniejsza niż 0');
    expect(errors.company_email).toBe('Nieprawidłowy format adresu e-mail');
    expect(errors.shop_origin_lat).toBe('Wartość nie może być większa niż 90');
    expect(errors.stripe_secret_key).toBeUndefined();
  });

  it('takes amounts written the Polish way and refuses what the shop could not charge', () => {
    const accepted = validateSettings({ ...completeValues(), free_shipping_threshold: '1 000,00', delivery_rate_per_km: '1,80' });
    expect(accepted.free_shipping_threshold).toBeUndefined();
    expect(accepted.delivery_rate_per_km).toBeUndefined();
    const refused = validateSettings({ ...completeValues(), free_shipping_threshold: '1 000,005', delivery_rate_per_km: '1.000,00' });
    expect(refused.free_shipping_threshold).toBe('Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku, np. 300 lub 1 000,00');
    expect(refused.delivery_rate_per_km).toBe('Podaj liczbę, np. 300 lub 1,80');
  });

  it('asks for the keys of the PayU interface the owner chose, and only those', () => {
    const rest = validateSettings({ ...completeValues(), payu_api: 'rest' });
    expect(rest.payu_rest_client_secret).toBe('To pole jest wymagane');
    expect(rest.payu_rest_second_key).toBe('To pole jest wymagane');
    expect(rest.payu_classic_key2).toBeUndefined();
    const classic = validateSettings({ ...completeValues(), payu_api: 'classic' });
    expect(classic.payu_classic_pos_auth_key).toBe('To pole jest wymagane');
    expect(classic.payu_rest_client_secret).toBeUndefined();
    expect(validateSettings({ ...completeValues(), payu_api: 'soap' }).payu_api).toBe('Wybierz jedną z możliwości');
  });

  it('passes the seeded values', () => {
    const seeded = {
      ...completeValues(),
      company_name: 'Kwiaciarnia Pod Różą',
      company_address: 'ul. Przemyska 12, 37-740 Bircza',
      company_phone: '+48 16 672 10 20',
      company_email: 'kontakt@kwiaciarnia.local',
      company_website: 'http://localhost:4173',
      payu_classic_pos_id: '145227',
      payu_classic_pos_auth_key: 'local-pos-auth-key-change-me',
      payu_classic_key2: 'local-payu-key2-change-me',
      payu_api: 'rest',
      payu_rest_pos_id: '300746',
      payu_rest_client_id: '300746',
      payu_rest_client_secret: 'local-payu-rest-client-secret-change-me',
      payu_rest_second_key: 'local-payu-rest-second-key-change-me',
      payu_blik_code: 'true',
      free_shipping_threshold: '300',
      delivery_rate_per_km: '1.80',
      store_hours: 'Pon–Pt 8:30–15:30',
      shop_origin_lat: '49.6919',
      shop_origin_lng: '22.4797',
    };
    expect(validateSettings(seeded)).toEqual({});
  });
});
