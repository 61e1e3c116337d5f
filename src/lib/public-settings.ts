import { useSyncExternalStore } from 'react';
import { apiKeyHeaders, getBackendConfig } from './backend-config.ts';
import { readPageData } from './page-data.ts';
import { DEFAULT_SHOP_NAME, PUBLIC_SETTINGS_STORAGE_KEY } from './shop-name.ts';

/**
 * The shop's public settings (docs/spec.md §3 'App setting', the `public_settings`
 * view): read with a plain fetch (no supabase-js on the first paint), kept in
 * localStorage so the name, address and hours show at once and offline.
 */

export type PublicSettingKey =
  | 'company_name'
  | 'company_address'
  | 'company_phone'
  | 'company_email'
  | 'company_website'
  | 'store_hours'
  | 'free_shipping_threshold'
  | 'delivery_rate_per_km'
  | 'bank_account_number'
  | 'bank_name'
  | 'bank_account_holder'
  | 'bank_address'
  | 'bank_swift';
export type PublicSettings = Record<PublicSettingKey, string>;
export type PublicSettingsValues = Partial<PublicSettings>;

/**
 * Shown until the backend answers (first visit, offline, no backend): the
 * same values as supabase/seed.sql, so nothing jumps when the real ones come.
 * Components never hard-code these; they read `usePublicSettings()`.
 */
export const PUBLIC_SETTINGS_DEFAULTS: PublicSettings = {
  company_name: DEFAULT_SHOP_NAME,
  company_address: 'ul. Przemyska 12, 37-740 Bircza',
  company_phone: '+48 16 672 10 20',
  company_email: 'kontakt@kwiaciarnia.local',
  company_website: '',
  store_hours: 'Pon–Pt 8:30–15:30\nSob 8:30–15:00\nNiedz. nieczynne',
  free_shipping_threshold: '300',
  delivery_rate_per_km: '1.80',
  // Never guessed: a customer must not pay into an account the shop does not use.
  bank_account_number: '',
  bank_name: '',
  bank_account_holder: '',
  bank_address: '',
  bank_swift: '',
};

let cached: PublicSettings | undefined;
let requested = false;
const listeners = new Set<() => void>();

function isKey(key: string): key is PublicSettingKey {
  return Object.hasOwn(PUBLIC_SETTINGS_DEFAULTS, key);
}

/** Keeps only known keys with non-empty string values. */
export function toPublicSettings(rows: unknown): PublicSettingsValues {
  const values: PublicSettingsValues = {};
  if (!Array.isArray(rows)) return values;
  for (const row of rows as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { key, value } = row as { key?: unknown; value?: unknown };
    if (typeof key === 'string' && isKey(key) && typeof value === 'string' && value.trim() !== '') values[key] = value;
  }
  return values;
}

function readStored(): PublicSettingsValues {
  try {
    const raw = window.localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return toPublicSettings(Object.entries(parsed).map(([key, value]) => ({ key, value })));
  } catch {
    return {};
  }
}

function withDefaults(values: PublicSettingsValues): PublicSettings {
  return { ...PUBLIC_SETTINGS_DEFAULTS, ...values };
}

async function refresh(): Promise<void> {
  const { url, anonKey } = getBackendConfig();
  const headers: Record<string, string> = { Accept: 'application/json', ...apiKeyHeaders(anonKey) };
  const response = await fetch(`${url}/rest/v1/public_settings?select=key,value`, { headers });
  if (!response.ok) throw new Error(`public_settings: HTTP ${response.status}`);
  const fresh = toPublicSettings(await response.json());
  if (Object.keys(fresh).length === 0) return;
  cached = withDefaults(fresh);
  keepStored(fresh);
  listeners.forEach((notify) => notify());
}

function keepStored(values: PublicSettingsValues): void {
  try {
    window.localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the values still show for this visit.
  }
}

/** Follows the settings outside React (the header's shop name, shop-name.ts); the first subscriber starts the refresh. */
export function subscribePublicSettings(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!requested) {
    requested = true;
    const served = pageValues();
    // A server-rendered page came with this moment's settings: the device keeps them, and asks no second time.
    if (Object.keys(served).length > 0) keepStored(served);
    // Offline or a backend hiccup: the stored copy (or the defaults) stays on screen.
    else
      refresh().catch(() => {
        requested = false;
      });
  }
  return () => listeners.delete(onChange);
}

/** What a server-rendered page was rendered with (the server's values while it renders): newer than the stored copy. */
function pageValues(): PublicSettingsValues {
  return toPublicSettings(readPageData('public-settings'));
}

/** The settings now: the last known values, defaults for anything missing. */
export function publicSettingsSnapshot(): PublicSettings {
  cached ??= withDefaults({ ...readStored(), ...pageValues() });
  return cached;
}

let pageSnapshot: PublicSettings | undefined;

/** What the server rendered with, so hydration matches: per page on the server, one stable value in the browser. */
function serverSnapshot(): PublicSettings {
  if (typeof document === 'undefined') return withDefaults(pageValues());
  pageSnapshot ??= withDefaults(pageValues());
  return pageSnapshot;
}

/** The public settings: the last known values, refreshed once per visit, defaults for anything missing. */
export function usePublicSettings(): PublicSettings {
  return useSyncExternalStore(subscribePublicSettings, publicSettingsSnapshot, serverSnapshot);
}

/** Forgets the in-memory copy; tests only. */
export function resetPublicSettingsForTests(): void {
  cached = undefined;
  pageSnapshot = undefined;
  requested = false;
}

export interface OpeningHoursRow {
  days: string;
  hours: string;
}

/** 'Pon–Pt 8:30–15:30' → { days: 'Pon–Pt', hours: '8:30–15:30' }; a line it cannot split keeps all its text in `days`. */
export function parseStoreHours(text: string): OpeningHoursRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(.+?)[\s:]+((?:\d|nieczynn|zamkni|closed).*)$/iu.exec(line);
      return match?.[1] && match[2] ? { days: match[1], hours: match[2] } : { days: line, hours: '' };
    });
}

/** 'tel:' target of a displayed phone number: digits and a leading +. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
