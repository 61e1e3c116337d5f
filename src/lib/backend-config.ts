export interface BackendConfig {
  url: string;
  /** Empty when nothing configured it: only the unauthenticated local fallback works then. */
  anonKey: string;
}

export const FALLBACK_BACKEND_URL = 'http://localhost:54321';

function readMeta(name: string): string {
  if (typeof document === 'undefined') return '';
  const element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  return element?.content.trim() ?? '';
}

/**
 * Build-time variables win (a hosted build); otherwise the meta tags that the
 * local server fills in when it serves index.html, so one build runs against
 * any backend.
 */
export function getBackendConfig(): BackendConfig {
  const envUrl = import.meta.env.VITE_SUPABASE_URL?.trim() ?? '';
  const envKey = import.meta.env.VITE_SUPABASE_ANON_KEY?.trim() ?? '';
  if (envUrl) return { url: envUrl, anonKey: envKey };

  const metaUrl = readMeta('supabase-url');
  const metaKey = readMeta('supabase-anon-key');
  if (metaUrl) return { url: metaUrl, anonKey: metaKey };

  console.warn(
    `[backend-config] No backend configured (VITE_SUPABASE_URL or <meta name="supabase-url">); ` +
      `falling back to ${FALLBACK_BACKEND_URL} without an anon key.`,
  );
  return { url: FALLBACK_BACKEND_URL, anonKey: '' };
}
