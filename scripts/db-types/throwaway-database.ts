import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/local-backend/db/migrate.ts';
import { startPostgres } from '../../server/local-backend/db/postgres.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';

const SUPABASE_DIR = resolve(import.meta.dirname, '..', '..', 'supabase');

/**
 * Runs `work` against a fresh embedded PostgreSQL brought to the current
 * schema exactly as the local backend brings its own (bootstrap, migrations,
 * seed), in a throwaway data folder that is removed afterwards.
 */
export async function withMigratedDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-db-types-'));
  const secret = () => randomBytes(18).toString('base64url');
  const logLines: string[] = [];
  const postgres = await startPostgres(dataDir, await freePort(), secret(), (line) => logLines.push(line)).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start:\n${logLines.join('\n')}`, { cause: error });
  });
  const client = new pg.Client({ connectionString: postgres.superuserUrl });
  try {
    await client.connect();
    await migrate(client, SUPABASE_DIR, secret());
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
