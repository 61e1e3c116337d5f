export { apiKeyHeaders } from './api-key-headers.ts';

export interface BackendConfig {
  url: string;
  /**
   * The public API key, in either style: a legacy anon JWT or an
   * `sb_publishable_…` key (send it with apiKeyHeaders). Empty when nothing
   * configured it: only the unauthenticated local fallback works then.
   */
  anonKey: string;
}

export const FALLBACK_BACKEND_URL = 'http://localhost:54321';

function readMeta(name: string): string {
  if (typeof document === 'undefined') return '';
  const element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return element?.content.trim() ?? '';
}

let serverRenderBackendUrl = '';

/**
 * Server rendering only (src/entry-server.tsx): the backend address the
 * served page's meta tag names, so addresses drawn on the server (product
 * photos) are the ones the browser computes when it hydrates.
 */
export function setServerRenderBackendUrl(url: string): void {
  serverRenderBackendUrl = url;
}

/**
 * Build-time variables win (a hosted build); otherwise the meta tags that the
 * local server fills in when it serves index.html, so one build runs against
 * any backend.
 */
export function getBackendConfig(): BackendConfig {
  const envUrl = import.meta.env.VITE_SUPABASE_URL?.trim() ?? '';
  // A project on the new keys gives its publishable key; one on the legacy keys its anon key.
  const envKey = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim() || import.meta.env.VITE_SUPABASE_ANON_KEY?.trim() || '';
  if (envUrl) return { url: envUrl, anonKey: envKey };
  // The server renders with the page's data only: it needs the address, never the key.
  if (typeof document === 'undefined' && serverRenderBackendUrl) return { url: serverRenderBackendUrl, anonKey: '' };

  const metaUrl = readMeta('supabase-url');
  // The served shell's key, either style (the meta tag keeps its old name).
  const metaKey = readMeta('supabase-publishable-key') || readMeta('supabase-anon-key');
  if (metaUrl) return { url: metaUrl, anonKey: metaKey };

  console.warn(
    `[backend-config] No backend configured (VITE_SUPABASE_URL or <meta name="supabase-url">); ` +
      `falling back to ${FALLBACK_BACKEND_URL} without an anon key.`,
  );
  return { url: FALLBACK_BACKEND_URL, anonKey: '' };
}
