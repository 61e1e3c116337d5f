import { useSyncExternalStore } from 'react';
import { when } from '../boot/triggers.ts';
import { readPageData } from './page-data.ts';
import type { PublicSettings } from './public-settings.ts';

/*
 * The shop's name for the header, the footer's last line and the back
 * office's header, without the public settings' code on the first load: the
 * name the server rendered with, or the copy src/lib/public-settings.ts
 * stored on an earlier visit (or the seeded default) at first, then that
 * module itself, fetched after the page's first content (it also refreshes
 * the settings from the backend). So the stored copy's key and the default
 * name live here, in the first load, and the public settings take them from
 * here.
 */
export const PUBLIC_SETTINGS_STORAGE_KEY = 'kwiaciarnia.publicSettings';
export const DEFAULT_SHOP_NAME = 'Kwiaciarnia Pod Różą';

/** The public settings' own snapshot, once their code is here. */
let settingsNow: (() => PublicSettings) | null = null;
let storedName: string | undefined;
let requested = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** A name to show: text that is not blank. */
const shownName = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function readStoredName(): string {
  try {
    const stored = JSON.parse(window.localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) ?? '{}') as { company_name?: unknown } | null;
    return shownName(stored?.company_name) ?? DEFAULT_SHOP_NAME;
  } catch {
    return DEFAULT_SHOP_NAME;
  }
}

/** The name a server-rendered page was rendered with (the server's while it renders). */
function pageShopName(): string | undefined {
  const rows = readPageData('public-settings');
  type Row = { key?: unknown; value?: unknown } | null;
  return shownName(Array.isArray(rows) ? (rows as Row[]).find((row) => row?.key === 'company_name')?.value : undefined);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!requested) {
    requested = true;
    when('first-content', () => {
      import('./public-settings.ts')
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
