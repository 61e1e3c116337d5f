/**
 * The shop's settings (docs/spec.md §3 App setting, §2 Settings tab): every key the
 * owner edits, in which of the four sections it sits, which are secret
 * (password inputs, never public) and which are required. Values are text;
 * a blank value is stored as ''.
 */

import { parseAmountText, parseDecimalText } from './money.ts';

export type SettingSection = 'company' | 'gateway' | 'integrations' | 'shop';
export type SettingKind = 'text' | 'email' | 'tel' | 'url' | 'number' | 'textarea';

export interface SettingDefinition {
  key: string;
  label: string;
  section: SettingSection;
  kind: SettingKind;
  secret?: boolean;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  /** For numbers: the smallest allowed value. */
  min?: number;
  max?: number;
}

export const SETTING_SECTIONS: readonly { id: SettingSection; title: string; description: string }[] = [
  { id: 'company', title: 'Informacje o firmie', description: 'Nazwa i dane kontaktowe widoczne w sklepie.' },
  { id: 'gateway', title: 'Ustawienia bramki płatności', description: 'PayU (klasyczna bramka): punkt płatności i adresy powrotu.' },
  { id: 'integrations', title: 'Integracje zewnętrzne', description: 'Klucze usług map i płatności kartą.' },
  { id: 'shop', title: 'Ustawienia sklepu', description: 'Dostawa, godziny otwarcia, dane do przelewu.' },
];

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  { key: 'company_name', label: 'Nazwa firmy', section: 'company', kind: 'text', required: true },
  { key: 'company_address', label: 'Adres', section: 'company', kind: 'text', required: true },
  { key: 'company_phone', label: 'Telefon', section: 'company', kind: 'tel', required: true },
  { key: 'company_email', label: 'Email', section: 'company', kind: 'email', required: true },
  { key: 'company_website', label: 'Strona internetowa', section: 'company', kind: 'url', placeholder: 'https://' },

  { key: 'payu_classic_pos_id', label: 'Id punktu płatności (pos_id)', section: 'gateway', kind: 'text', required: true },
  {
    key: 'payu_classic_pos_auth_key',
    label: 'Klucz autoryzacji (pos_auth_key)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    required: true,
    hint: 'Podpisuje zapytania sklepu do bramki (klucz 1 w panelu PayU).',
  },
  {
    key: 'payu_classic_key2',
    label: 'Drugi klucz (MD5)',
    section: 'gateway',
    kind: 'text',
    secret: true,
    required: true,
    hint: 'Sprawdza powiadomienia i odpowiedzi bramki; musi być inny niż klucz autoryzacji.',
  },
  {
    key: 'payu_classic_gateway_url',
    label: 'Adres bramki',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://secure.payu.com/paygw/UTF/NewPayment',
    hint: 'Puste: lokalny symulator płatności (tylko w lokalnym środowisku; w produkcji wymagany).',
  },
  {
    key: 'payu_classic_success_url',
    label: 'Adres powrotu po płatności',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://…/checkout/success',
    hint: 'Puste: /checkout/success tego sklepu.',
  },
  {
    key: 'payu_classic_failure_url',
    label: 'Adres powrotu po błędzie',
    section: 'gateway',
    kind: 'url',
    placeholder: 'https://…/checkout/cancel',
    hint: 'Puste: /checkout/cancel tego sklepu.',
  },

  { key: 'google_maps_api_key', label: 'Klucz Google Maps API', section: 'integrations', kind: 'text', secret: true },
  { key: 'stripe_public_key', label: 'Klucz publiczny Stripe', section: 'integrations', kind: 'text', placeholder: 'pk_…' },
  { key: 'stripe_secret_key', label: 'Klucz tajny Stripe', section: 'integrations', kind: 'text', secret: true, placeholder: 'sk_…' },

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

/** Field → Polish message for what would not work if saved (required blanks, numbers that are not numbers). */
export function validateSettings(values: SettingsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const definition of SETTING_DEFINITIONS) {
    const value = (values[definition.key] ?? '').trim();
    if (value === '') {
      if (definition.required) errors[definition.key] = 'To pole jest wymagane';
      continue;
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
    if (definition.kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) errors[definition.key] = 'Nieprawidłowy format email';
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
