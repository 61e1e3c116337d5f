import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * In `npm run dev` the local backend (started by `npm run serve`) writes its
 * address and anon key to .local/backend.json; fill the runtime-config meta
 * tags from it so the dev server talks to that backend. In a build the tags
 * stay empty: the local server fills them when it serves index.html, and a
 * hosted build uses VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY instead.
 */
export function localBackendMeta(): Plugin {
  return {
    name: 'local-backend-meta',
    apply: 'serve',
    transformIndexHtml(html) {
      const file = '.local/backend.json';
      if (!existsSync(file)) return html;
      const backend = JSON.parse(readFileSync(file, 'utf8')) as { url: string; anon_key: string };
      return html
        .replace('<meta name="supabase-url" content="" />', `<meta name="supabase-url" content="${backend.url}" />`)
        .replace('<meta name="supabase-anon-key" content="" />', `<meta name="supabase-anon-key" content="${backend.anon_key}" />`);
    },
  };
}
