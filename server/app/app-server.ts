import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { createPrerender } from './prerender.ts';
import { createStaticServer } from './static-server.ts';

/**
 * `npm run serve:app`: the built app with server rendering, in front of a
 * hosted Supabase project: what production runs on any Node host. The local
 * backend is not involved; the project's URL and anon key come from the
 * environment (the anon key is public by design; never the service-role key).
 */

const root = resolve(import.meta.dirname, '..', '..');

export function createAppServer({
  supabaseUrl,
  anonKey,
  distDir = resolve(root, 'dist'),
  trustProxy = false,
}: {
  supabaseUrl: string;
  anonKey: string;
  distDir?: string;
  /** TRUST_PROXY=1: behind a TLS proxy that sets X-Forwarded-Proto (HSTS then goes out with its HTTPS requests). */
  trustProxy?: boolean;
}): Server {
  const backendUrl = supabaseUrl.replace(/\/+$/, '');
  const prerender = createPrerender({ entryFile: resolve(distDir, '..', 'dist-server', 'entry-server.js'), backendUrl, anonKey });
  return createStaticServer({ distDir, backendPort: 0, backendUrl, anonKey, prerender, trustProxy });
}

/** The first of the named variables that is set (a key may come in either of Supabase's styles). */
function requiredEnv(...names: string[]): string {
  const value = names.map((name) => process.env[name]?.trim()).find(Boolean);
  if (!value) {
    console.error(
      `${names.join(' or ')} is not set: the app server needs the hosted project's URL and public key (see docs/hosted-deploy.md).`,
    );
    process.exit(1);
  }
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 4173);
  const server = createAppServer({
    supabaseUrl: requiredEnv('SUPABASE_URL'),
    anonKey: requiredEnv('SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_ANON_KEY'),
    trustProxy: ['1', 'true'].includes(process.env.TRUST_PROXY ?? ''),
  });
  server.listen(port, () => console.log(`Kwiaciarnia app server on http://localhost:${port} (backend ${process.env.SUPABASE_URL})`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
