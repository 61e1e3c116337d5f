/**
 * The shop's settings (docs/spec.md §3 App setting, §2 Settings tab): every key the
 * owner edits, in which of the four sections it sits, which are secret
 * (password inputs, never public) and which are required. Values are text;
 * a blank value is stored as ''.
 */

import { parseAmountText, parseDecimalText } from './money.ts';
import { INVOICE_SETTING_DEFINITIONS } from './invoice/settings.ts';
import { PAYU_PRODUCTION_URL, PAYU_SANDBOX_URL } from './payu-rest.ts';

export type SettingSection = 'company' | 'invoices' | 'gateway' | 'integrations' | 'shop';
export type SettingKind = 'text' | 'email' | 'tel' | 'url' | 'number' | 'textarea' | 'select';

export interface SettingDefinition {
  key: string;
  label: string;
  section: SettingSection;
  kind: SettingKind;
  secret?: boolean;
  required?: boolean;
  /** Required only while another setting has this value (e.g. PayU REST's keys while payu_api is 'rest'). */
  requiredWhen?: { key: string; value: string };
  /** For a select: the stored values and their labels. */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  /** For numbers: the smallest allowed value. */
  min?: number;
  max?: number;
  /** A rule of its own: the Polish message when the value breaks it. */
  check?: (value: string) => string | null;
}

export const SETTING_SECTIONS: readonly { id: SettingSection; title: string; description: string }[] = [
  { id: 'company', title: 'Informacje o firmie', description: 'Nazwa i dane kontaktowe widoczne w sklepie.' },
  { id: 'invoices', title: 'Faktury i VAT', description: 'Dane sprzedawcy na fakturze, numeracja i stawki VAT.' },
  {
    id: 'gateway',
    title: 'Ustawienia bramki płatności',
    description: 'PayU: nowe punkty płatności działają przez REST API; klasyczne API tylko dla istniejących punktów.',
  },
  { id: 'integrations', title: 'Integracje zewnętrzne', description: 'Klucze usług map i płatności kartą (Stripe).' },
  { id: 'shop', title: 'Ustawienia sklepu', description: 'Dostawa, godziny otwarcia, dane do przelewu.' },
];

const PAYU_REST = { key: 'payu_api', value: 'rest' } as const;
const PAYU_CLASSIC = { key: 'payu_api', value: 'classic' } as const;

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  { key: 'company_name', label: 'Nazwa firmy', section: 'company', kind: 'text', required: true },
  { key: 'company_address', label: 'Adres', section: 'company', kind: 'text', required: true },
  { key: 'company_phone', label: 'Telefon', section: 'company', kind: 'tel', required: true },
  { key: 'company_email', label: 'E-mail', section: 'company', kind: 'email', required: true },
  { key: 'company_website', label: 'Strona internetowa', section: 'company', kind: 'url', placeholder: 'https://' },
  ...INVOICE_SETTING_DEFINITIONS,

  {
    key: 'payu_api',
    label: 'Interfejs PayU',
    section: 'gateway',
    kind: 'select',
    required: true,
    options: [
      { value: 'rest', label: 'REST API (nowe punkty płatności)' },
      { value: 'classic', label: 'Classic API (istniejący punkt płatności)' },
    ],
    hint: 'PayU nie zakłada już nowych punktów w Classic API.',
  },
  {
    key: 'payu_rest_api_url',
    label: 'Adres API PayU',
    section: 'gateway',
    kind: 'url',
    placeholder: PAYU_PRODUCTION_URL,
    hint: `Najpierw piaskownica: ${PAYU_SANDBOX_URL}. Puste: lokalny symulator (tylko w lokalnym środowisku).`,
  },
  { key: 'payu_rest_pos_id', label: 'Id punktu płatności (POS ID)', section: 'gateway', kind: 'text', requiredWhen: PAYU_REST },
  { key: 'payu_rest_client_id', label: 'Client ID (OAuth)', section: 'gateway', kind: 'text', requiredWhen: PAYU_REST },
  {
    key: 'payu_rest_client_secret',
    label: 'Client secret (OAuth)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    requiredWhen: PAYU_REST,
  },
  {
    key: 'payu_rest_second_key',
    label: 'Drugi klucz (MD5)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    requiredWhen: PAYU_REST,
    hint: 'Sprawdza podpis powiadomień PayU (panel PayU → punkt płatności → klucze).',
  },
  {
    key: 'payu_blik_code',
    label: 'Kod BLIK w sklepie',
    section: 'gateway',
    kind: 'select',
    options: [
      { value: 'true', label: 'Tak: klient wpisuje kod BLIK w sklepie' },
      { value: 'false', label: 'Nie: BLIK na stronie PayU' },
    ],
    hint: 'Wymaga włączenia BLIK (kod T6) w punkcie płatności PayU.',
  },
  {
    key: 'payu_classic_pos_id',
    label: 'Classic: id punktu płatności (pos_id)',
    section: 'gateway',
    kind: 'text',
    requiredWhen: PAYU_CLASSIC,
  },
  {
    key: 'payu_classic_pos_auth_key',
    label: 'Classic: klucz autoryzacji (pos_auth_key)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    requiredWhen: PAYU_CLASSIC,
    hint: 'Podpisuje zapytania sklepu do bramki (klucz 1 w panelu PayU).',
  },
  {
    key: 'payu_classic_key2',
    label: 'Classic: drugi klucz (MD5)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    requiredWhen: PAYU_CLASSIC,
    hint: 'Sprawdza powiadomienia i odpowiedzi bramki; musi być inny niż klucz autoryzacji.',
  },
  {
    key: 'payu_classic_gateway_url',
    label: 'Classic: adres bramki',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://secure.payu.com/paygw/UTF/NewPayment',
    hint: 'Puste: lokalny symulator płatności (tylko w lokalnym środowisku; w produkcji wymagany).',
  },
  {
    key: 'payu_classic_success_url',
    label: 'Classic: adres powrotu po płatności',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://…/checkout/success',
    hint: 'Puste: /checkout/success tego sklepu.',
  },
  {
    key: 'payu_classic_failure_url',
    label: 'Classic: adres powrotu po błędzie',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://…/checkout/cancel',
    hint: 'Puste: /checkout/cancel tego sklepu.',
  },

  { key: 'google_maps_api_key', label: 'Klucz Google Maps API', section: 'integrations', kind: 'text', secret: true },
  { key: 'stripe_public_key', label: 'Klucz publiczny Stripe', section: 'integrations', kind: 'text', placeholder: 'pk_…' },
  { key: 'stripe_secret_key', label: 'Klucz tajny Stripe', section: 'integrations', kind: 'text', secret: true, placeholder: 'sk_…' },
  {
    key: 'stripe_webhook_secret',
    label: 'Sekret webhooka Stripe',
    section: 'integrations',
    kind: 'text',
    secret: true,
    placeholder: 'whsec_…',
    hint: 'Z panelu Stripe → Developers → Webhooks, dla adresu …/functions/v1/stripe-webhook.',
  },
  {
    key: 'stripe_api_url',
    label: 'Adres API Stripe',
    section: 'integrations',
    kind: 'url',
    placeholder: 'https://api.stripe.com',
    hint: 'Puste: api.stripe.com (lokalnie: symulator).',
  },

  {
    key: 'free_shipping_threshold',
    label: 'Darmowa wysyłka od (zł)',
    section: 'shop',
    kind: 'number',
    required: true,
    min: 0,
    placeholder: 'minimalna wartość zamówienia',
    hint: 'Wartość produktów, od której wysyłka kurierem jest bezpłatna (nie dotyczy pobrania).',
  },
  {
    key: 'delivery_rate_per_km',
    label: 'Stawka dostawy lokalnej (zł/km)',
    section: 'shop',
    kind: 'number',
    required: true,
    min: 0,
    hint: 'Liczona w obie strony.',
  },
  {
    key: 'store_hours',
    label: 'Godziny otwarcia',
    section: 'shop',
    kind: 'textarea',
    required: true,
    hint: 'Jedna linia na dni, np. „Pon–Pt 8:30–15:30”.',
  },
  {
    key: 'transfer_payment_days',
    label: 'Czas na przelew (dni robocze)',
    section: 'shop',
    kind: 'number',
    min: 1,
    max: 14,
    placeholder: '3',
    hint: 'Po tylu dniach roboczych bez wpłaty zamówienie na przelew jest anulowane (przypomnienie idzie po pierwszym dniu). Puste: 3.',
  },
  {
    key: 'guest_max_pieces_per_line',
    label: 'Bez logowania: najwyżej sztuk jednego produktu',
    section: 'shop',
    kind: 'number',
    min: 0,
    placeholder: '20',
    hint: 'Nieopłacone zamówienie rezerwuje towar. 0: bez limitu; puste: 20.',
  },
  {
    key: 'guest_max_pieces_per_order',
    label: 'Bez logowania: najwyżej sztuk w zamówieniu',
    section: 'shop',
    kind: 'number',
    min: 0,
    placeholder: '50',
    hint: '0: bez limitu; puste: 50.',
  },
  {
    key: 'max_unpaid_orders_per_email',
    label: 'Najwyżej nieopłaconych zamówień na jeden e-mail',
    section: 'shop',
    kind: 'number',
    min: 0,
    placeholder: '3',
    hint: '0: bez limitu; puste: 3.',
  },
  {
    key: 'max_unpaid_orders_per_address',
    label: 'Najwyżej nieopłaconych zamówień pod jeden adres dostawy',
    section: 'shop',
    kind: 'number',
    min: 0,
    placeholder: '3',
    hint: 'Chroni terminy dostaw przed blokowaniem. 0: bez limitu; puste: 3.',
  },
  {
    key: 'order_link_days',
    label: 'Ważność linku do zamówienia (dni)',
    section: 'shop',
    kind: 'number',
    min: 1,
    max: 3650,
    placeholder: '90',
    hint: 'Tyle dni od wysłania e-maila link otwiera stronę zamówienia bez logowania. Puste: 90.',
  },
  { key: 'bank_account_number', label: 'Numer konta', section: 'shop', kind: 'text', placeholder: 'PL00 0000 0000 0000 0000 0000 0000' },
  { key: 'bank_name', label: 'Nazwa banku', section: 'shop', kind: 'text' },
  { key: 'bank_account_holder', label: 'Odbiorca przelewu', section: 'shop', kind: 'text' },
  { key: 'bank_address', label: 'Adres odbiorcy', section: 'shop', kind: 'text' },
  { key: 'bank_swift', label: 'SWIFT/BIC', section: 'shop', kind: 'text' },
  {
    key: 'shop_origin_lat',
    label: 'Szerokość geograficzna sklepu',
    section: 'shop',
    kind: 'number',
    min: -90,
    max: 90,
    hint: 'Punkt startu dostaw lokalnych.',
  },
  { key: 'shop_origin_lng', label: 'Długość geograficzna sklepu', section: 'shop', kind: 'number', min: -180, max: 180 },
];

export const SETTING_KEYS: readonly string[] = SETTING_DEFINITIONS.map((definition) => definition.key);
export const SECRET_SETTING_KEYS: readonly string[] = SETTING_DEFINITIONS.filter((d) => d.secret).map((d) => d.key);
export const REQUIRED_SETTING_KEYS: readonly string[] = SETTING_DEFINITIONS.filter((d) => d.required).map((d) => d.key);

export type SettingsValues = Record<string, string>;

export function settingsInSection(section: SettingSection): SettingDefinition[] {
  return SETTING_DEFINITIONS.filter((definition) => definition.section === section);
}

/** Every known key with its stored value, '' where the row is missing; unknown keys are ignored. */
export function settingsFromRows(rows: readonly { key: string; value: string | null }[]): SettingsValues {
  const values: SettingsValues = Object.fromEntries(SETTING_KEYS.map((key) => [key, '']));
  for (const row of rows) {
    if (Object.hasOwn(values, row.key)) values[row.key] = row.value ?? '';
  }
  return values;
}

/** The rows to upsert: every known key, trimmed (a textarea keeps its inner lines), blank as ''. */
export function settingsToRows(values: SettingsValues): { key: string; value: string }[] {
  return SETTING_KEYS.map((key) => ({ key, value: (values[key] ?? '').trim() }));
}

/** '1,80' → 1.8, '1 000' → 1000; null for blank or not a number (money.ts parseDecimalText). */
export function parseSettingNumber(text: string | null | undefined): number | null {
  return parseDecimalText(text);
}

/** Settings that are amounts of money: read with parseAmountText everywhere, so the form refuses what the shop could not read. */
export const AMOUNT_SETTING_KEYS: readonly string[] = ['free_shipping_threshold', 'delivery_rate_per_km'];

/** Whether a setting must be filled with these values: always, or while the one it depends on has its value. */
export function isRequiredSetting(definition: SettingDefinition, values: SettingsValues): boolean {
  const when = definition.requiredWhen;
  return Boolean(definition.required) || (when !== undefined && (values[when.key] ?? '').trim() === when.value);
}

/** Field → Polish message for what would not work if saved (required blanks, numbers that are not numbers). */
export function validateSettings(values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const definition of SETTING_DEFINITIONS) {
    const value = (values[definition.key] ?? '').trim();
    if (value === '') {
      if (isRequiredSetting(definition, values)) errors[definition.key] = 'To pole jest wymagane';
      continue;
    }
    if (definition.kind === 'select' && !definition.options?.some((option) => option.value === value)) {
      errors[definition.key] = 'Wybierz jedną z możliwości';
    }
    if (definition.kind === 'number') {
      const number = parseSettingNumber(value);
      if (number === null) errors[definition.key] = 'Podaj liczbę, np. 300 lub 1,80';
      else if (definition.min !== undefined && number < definition.min)
        errors[definition.key] = `Wartość nie może być mniejsza niż ${definition.min}`;
      else if (definition.max !== undefined && number > definition.max)
        errors[definition.key] = `Wartość nie może być większa niż ${definition.max}`;
      else if (AMOUNT_SETTING_KEYS.includes(definition.key) && parseAmountText(value) === null) {
        errors[definition.key] = 'Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku, np. 300 lub 1 000,00';
      }
    }
    const broken = definition.check?.(value);
    if (broken) errors[definition.key] = broken;
    if (definition.kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
      errors[definition.key] = 'Nieprawidłowy format adresu e-mail';
    if (definition.kind === 'url' && !/^https?:\/\/[^\s]+$/i.test(value))
      errors[definition.key] = 'Podaj adres zaczynający się od http:// lub https://';
  }
  return errors;
}

/** docs/spec.md §9: the settings screen's success message shows this long. */
export const SETTINGS_SUCCESS_MS = 3000;

export const SETTINGS_MESSAGES = {
  loadError: 'Nie udało się pobrać ustawień',
  saveError: 'Nie udało się zapisać ustawień',
  saved: 'Ustawienia zostały zapisane pomyślnie',
  invalid: 'Popraw zaznaczone pola i zapisz ponownie.',
} as const;
