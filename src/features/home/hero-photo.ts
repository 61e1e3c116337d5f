import { useEffect, useState } from 'react';
import { HERO_PHOTO_SETTING, heroPhotoOfRows } from '../../domain/hero-photo.ts';
import type { ProductPhoto } from '../../domain/product-photo.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';
import { readPageData } from '../../lib/page-data.ts';

/** The photo the server rendered the page with (the public settings it sent along), or undefined when it sent none. */
function servedHeroPhoto(): ProductPhoto | null | undefined {
  const rows = readPageData('public-settings');
  return Array.isArray(rows) ? heroPhotoOfRows(rows) : undefined;
}

async function askHeroPhoto(signal: AbortSignal): Promise<ProductPhoto | null> {
  const { url, anonKey } = getBackendConfig();
  const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/public_settings?select=key,value&key=eq.${HERO_PHOTO_SETTING}`, {
    headers: { Accept: 'application/json', ...apiKeyHeaders(anonKey) },
    signal,
  });
  return heroPhotoOfRows(response.ok ? await response.json() : null);
}

/**
 * The photo the owner uploaded for the hero in the settings, or null for none
 * (then the featured product's photo, or the illustration). A page the
 * browser draws itself asks for it; offline it shows the fallback.
 */
export function useHeroPhoto(): ProductPhoto | null {
  const [photo, setPhoto] = useState(servedHeroPhoto);
  useEffect(() => {
    if (photo !== undefined) return undefined;
    const controller = new AbortController();
    askHeroPhoto(controller.signal).then(setPhoto, () => undefined);
    return () => controller.abort();
  }, [photo]);
  return photo ?? null;
}
