import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';

/**
 * The functions supabase/config.toml declares, as the Supabase CLI reads
 * them: the local gateway serves exactly these, with their verify_jwt, so a
 * function missing from the config (the payment simulator) is not served
 * here either, and one that would be refused before it runs is refused here.
 */

export const CONFIG_FILE = resolve(import.meta.dirname, '..', '..', '..', 'supabase', 'config.toml');

export interface DeclaredFunction {
  name: string;
  /** The CLI's default when the key is absent is true. */
  verifyJwt: boolean;
  /** Relative to supabase/, as in config.toml. */
  entrypoint: string;
}

export function readDeclaredFunctions(file = CONFIG_FILE): DeclaredFunction[] {
  const config = parse(readFileSync(file, 'utf8')) as { functions?: Record<string, Record<string, unknown>> };
  return Object.entries(config.functions ?? {}).map(([name, entry]) => ({
    name,
    verifyJwt: entry.verify_jwt !== false,
    entrypoint: typeof entry.entrypoint === 'string' ? entry.entrypoint : join('functions', name, 'index.ts'),
  }));
}
