import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

const BOOTSTRAP = new URL('./bootstrap.sql', import.meta.url);

/**
 * Brings the database to the current schema: the local-only bootstrap, then
 * every migration not applied yet (each in its own transaction, recorded in
 * local_meta.applied_migrations), then the seed once on a fresh database.
 */
export async function migrate(client: pg.Client, supabaseDir: string, authenticatorPassword: string): Promise<MigrationReport> {
  await client.query(readFileSync(BOOTSTRAP, 'utf8'));
  await client.query(`alter role authenticator with login password '${authenticatorPassword.replace(/'/g, "''")}'`);

  const migrationsDir = join(supabaseDir, 'migrations');
  const files = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const { rows } = await client.query<{ name: string }>('select name from local_meta.applied_migrations');
  const done = new Set(rows.map((row) => row.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    try {
      await client.query('begin');
      await client.query(readFileSync(join(migrationsDir, file), 'utf8'));
      await client.query('insert into local_meta.applied_migrations (name) values ($1)', [file]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }

  let seeded = false;
  const seedFile = join(supabaseDir, 'seed.sql');
  const { rowCount } = await client.query("select 1 from local_meta.state where key = 'seeded'");
  if (!rowCount && existsSync(seedFile)) {
    await client.query('begin');
    await client.query(readFileSync(seedFile, 'utf8'));
    await client.query("insert into local_meta.state (key, value) values ('seeded', now()::text)");
    await client.query('commit');
    seeded = true;
  }

  await client.query("notify pgrst, 'reload schema'");
  return { applied, seeded };
}

/** Marks the account as the shop owner (what the owner does once in the SQL editor on hosted Supabase). */
export async function makeShopOwner(client: pg.Pool | pg.Client, userId: string): Promise<void> {
  await client.query('insert into public.shop_owners (user_id) values ($1) on conflict do nothing', [userId]);
}
