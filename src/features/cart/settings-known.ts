import { useSyncExternalStore } from 'react';
import { readPageData } from '../../lib/page-data.ts';
import { subscribePublicSettings } from '../../lib/public-settings.ts';
import { PUBLIC_SETTINGS_STORAGE_KEY } from '../../lib/shop-name.ts';

/**
 * Whether the public settings on screen are the shop's (the page's server
 * data, or the device's copy of a server answer, which the refresh writes
 * before it notifies) rather than the built-in defaults. Kept here, not in
 * public-settings.ts, which every page loads.
 */
function settingsKnown(): boolean {
  if (readPageData('public-settings') !== undefined) return true;
  try {
    return window.localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

const knownOnServer = () => readPageData('public-settings') !== undefined;

/** The settings are known: money figures that depend on them (the free-shipping threshold) may show. */
export function usePublicSettingsKnown(): boolean {
  return useSyncExternalStore(subscribePublicSettings, settingsKnown, knownOnServer);
}
