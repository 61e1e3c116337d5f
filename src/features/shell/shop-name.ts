import { useSyncExternalStore } from 'react';
import { when } from '../../boot/triggers.ts';
import { readPageData } from '../../lib/page-data.ts';
import type { PublicSettings } from '../../lib/public-settings.ts';

/*
 * The shop's name for the header and the footer's last line, without the
 * public settings' code on the first load: the name the server rendered with,
 * or the copy src/lib/public-settings.ts stored on an earlier visit (or the
 * seeded default) at first, then that
 * module itself, fetched after the page's first content (it also refreshes the
 * settings from the backend). The key and the default mirror that module's;
 * tests/unit/shop-name.test.ts keeps them in step.
 */
export const STORED_SETTINGS_KEY = 'kwiaciarnia.publicSettings';
export const DEFAULT_SHOP_NAME = 'Kwiaciarnia Pod Różą';

/** The public settings' own snapshot, once their code is here. */
let settingsNow: (() => PublicSettings) | null = null;
let storedName: string | undefined;
let requested = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function readStoredName(): string {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORED_SETTINGS_KEY) ?? '{}');
    const name = typeof stored === 'object' && stored !== null ? (stored as { company_name?: unknown }).company_name : undefined;
    return typeof name === 'string' && name.trim() !== '' ? name : DEFAULT_SHOP_NAME;
  } catch {
    return DEFAULT_SHOP_NAME;
  }
}

/** The name a server-rendered page was rendered with (the server's while it renders). */
function pageShopName(): string | undefined {
  const rows = readPageData('public-settings');
  const row: unknown = Array.isArray(rows) ? rows.find((entry: { key?: unknown } | null) => entry?.key === 'company_name') : undefined;
  const value = typeof row === 'object' && row !== null ? (row as { value?: unknown }).value : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!requested) {
    requested = true;
    when('first-content', () => {
      import('../../lib/public-settings.ts')
        .then((module) => {
          settingsNow = module.publicSettingsSnapshot;
          module.subscribePublicSettings(notify);
          notify();
        })
        .catch(() => {
          // Offline before the code was cached: the stored name stays; the next subscriber tries again.
          requested = false;
        });
    });
  }
  return () => listeners.delete(onChange);
}

function snapshot(): string {
  return settingsNow ? settingsNow().company_name : (storedName ??= pageShopName() ?? readStoredName());
}

/** The shop's name (public setting `company_name`): the last known value, refreshed once per visit. */
export function useShopName(): string {
  return useSyncExternalStore(subscribe, snapshot, () => pageShopName() ?? DEFAULT_SHOP_NAME);
}
