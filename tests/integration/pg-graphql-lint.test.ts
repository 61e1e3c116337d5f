import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocking, lintDatabase, type LintFinding } from '../../scripts/db-lint.ts';
import { testBackend, withDatabase } from '../support/test-backend.ts';

/**
 * Issue 15, point 6: hosted Supabase has pg_graphql, and splinter's 0026/0027
 * then warn for every relation anon/authenticated can read. The migration
 * 20261123000400_no_graphql.sql drops it; `npm run db:lint` must see the
 * warnings while it is there and not after.
 *
 * pg_graphql itself cannot be installed here (no binary for the embedded
 * Postgres), so each database gets a stand-in: an extension named pg_graphql
 * in schema graphql with a graphql.resolve function and the grants Supabase
 * gives it, created from a control file and script written to a temporary
 * directory that PostgreSQL 18's extension_control_path points at (for this
 * session only). What the lints read (pg_extension, the tables' privileges)
 * is then exactly as on a hosted project; what the real extension would
 * answer on /graphql/v1 is not tested.
 *
 * Each scenario runs in its own throwaway database of the test cluster,
 * built like a hosted project: the local bootstrap (roles, auth, extensions
 * schema), then the migrations in order. The shared test database is not touched.
 */

const root = resolve(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'supabase', 'migrations');
const NO_GRAPHQL = '20261123000400_no_graphql.sql';
const STAND_IN_VERSION = '1.5.11';

const migrationFiles = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const migrationsBefore = migrationFiles.filter((name) => name < NO_GRAPHQL);
const migrationsFromNoGraphql = migrationFiles.filter((name) => name >= NO_GRAPHQL);

let extensionRoot = '';
const databases: string[] = [];

function databaseUrl(database: string): string {
  const url = new URL(testBackend().databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh database with the bootstrap applied, and a connection that can create the stand-in. */
async function throwawayDatabase(label: string): Promise<pg.Client> {
  const name = `lint_${label}_${randomUUID().slice(0, 8)}`;
  await withDatabase((db) => db.query(`create database ${name}`));
  databases.push(name);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  // `$system` keeps the server's own extensions (pgcrypto, which the bootstrap needs) reachable.
  await client.query(`set extension_control_path = '$system:${extensionRoot}'`);
  await client.query(readFileSync(join(root, 'server', 'local-backend', 'db', 'bootstrap.sql'), 'utf8'));
  return client;
}

async function applyMigrations(client: pg.Client, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await client.query('begin');
    try {
      await client.query(readFileSync(join(migrationsDir, file), 'utf8'));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}

async function extensions(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ extname: string }>('select extname from pg_extension order by extname');
  return rows.map((row) => row.extname);
}

/** Everything the migration could change: objects, their owners and privileges, extensions, settings. */
async function catalogFingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select md5(concat_ws('|',
      (select string_agg(format('%s.%s:%s:%s:%s', c.relnamespace::regnamespace, c.relname, c.relkind, c.relowner::regrole, c.relacl), ',' order by 1)
         from pg_class c where c.relnamespace::regnamespace::text not in ('pg_catalog', 'pg_toast', 'information_schema')),
      (select string_agg(format('%s:%s:%s', p.oid::regprocedure, p.proowner::regrole, p.proacl), ',' order by 1)
         from pg_proc p where p.pronamespace::regnamespace::text not in ('pg_catalog', 'information_schema')),
      (select string_agg(format('%s:%s:%s', n.nspname, n.nspowner::regrole, n.nspacl), ',' order by 1) from pg_namespace n),
      (select string_agg(format('%s:%s', e.extname, e.extversion), ',' order by 1) from pg_extension e),
      (select string_agg(format('%s:%s', polrelid::regclass, polname), ',' order by 1) from pg_policy),
      (select string_agg(evtname, ',' order by 1) from pg_event_trigger)
    )) as fingerprint`);
  return rows[0]!.fingerprint;
}

const graphqlFindings = (findings: readonly LintFinding[]) => findings.filter((f) => f.name.startsWith('pg_graphql_'));
const exposedTo = (findings: readonly LintFinding[], role: 'anon' | 'authenticated') =>
  findings
    .filter((f) => f.name === `pg_graphql_${role}_table_exposed`)
    .map((f) => /(\S+\.\S+) is visible/.exec(f.detail)?.[1])
    .sort();

beforeAll(() => {
  // The server runs as the OS user postgres: the folder must be readable by it.
  extensionRoot = mkdtempSync(join(tmpdir(), 'kwiaciarnia-pg-graphql-'));
  const dir = join(extensionRoot, 'extension');
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'pg_graphql.control'),
    [
      "comment = 'stand-in for pg_graphql (tests only): the catalog entries splinter reads, no GraphQL'",
      `default_version = '${STAND_IN_VERSION}'`,
      'schema = graphql',
      'relocatable = false',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, `pg_graphql--${STAND_IN_VERSION}.sql`),
    `
    create function graphql.resolve(query text, variables jsonb default '{}', "operationName" text default null, extensions jsonb default null)
      returns jsonb language sql as $$ select '{"errors": [{"message": "stand-in"}]}'::jsonb $$;
    -- What Supabase's grant_pg_graphql_access event trigger grants when the extension is created.
    grant usage on schema graphql to anon, authenticated, service_role;
    grant execute on function graphql.resolve(text, jsonb, text, jsonb) to anon, authenticated, service_role;
    `,
  );
  for (const path of [extensionRoot, dir]) chmodSync(path, 0o755);
});

afterAll(async () => {
  await withDatabase(async (db) => {
    for (const name of databases) await db.query(`drop database if exists ${name} with (force)`);
  });
  if (extensionRoot) rmSync(extensionRoot, { recursive: true, force: true });
});

describe('pg_graphql and the Security Advisor (splinter 0026/0027)', () => {
  it('a project with pg_graphql: the lint reports what anon and signed-in users can see, and nothing after the no-graphql migration', async () => {
    const client = await throwawayDatabase('graphql');
    try {
      // As on a hosted project: the platform created pg_graphql before any migration ran.
      await client.query('create extension pg_graphql');
      await applyMigrations(client, migrationsBefore);
      // A column-level grant is enough for pg_graphql to show a relation (splinter checks has_column_privilege).
      await client.query(`
        create table public.lint_probe_columns (id int primary key, internal_note text);
        alter table public.lint_probe_columns enable row level security;
        create policy "read ids" on public.lint_probe_columns for select to anon using (true);
        grant select (id) on public.lint_probe_columns to anon;
      `);

      const before = await lintDatabase(client);
      const anon = exposedTo(before, 'anon');
      const authenticated = exposedTo(before, 'authenticated');
      // The catalog is readable before sign-in, orders only by signed-in users (RLS shows them their own).
      expect(anon).toEqual(expect.arrayContaining(['public.products', 'public.lint_probe_columns']));
      expect(anon).not.toContain('public.orders');
      expect(authenticated).toEqual(expect.arrayContaining(['public.products', 'public.orders', 'public.order_items']));
      expect(authenticated).not.toContain('public.lint_probe_columns');
      // Every relation either role can read is reported, and only those (checked independently of the lint's SQL).
      for (const role of ['anon', 'authenticated'] as const) {
        const { rows } = await client.query<{ name: string }>(
          `select distinct format('%s.%s', table_schema, table_name) as name from information_schema.column_privileges
           where grantee in ($1, 'PUBLIC') and privilege_type = 'SELECT'
             and table_schema not in ('auth', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'local_meta', 'pg_catalog', 'storage')`,
          [role],
        );
        expect(exposedTo(before, role), role).toEqual(rows.map((row) => row.name).sort());
      }
      // They are security warnings, so `npm run db:lint` fails on them.
      expect(blocking(before)).toEqual(expect.arrayContaining(graphqlFindings(before)));
      expect(graphqlFindings(before).length).toBeGreaterThan(5);

      await applyMigrations(client, migrationsFromNoGraphql);
      await client.query('drop table public.lint_probe_columns');

      expect(await extensions(client)).not.toContain('pg_graphql');
      const { rows: resolver } = await client.query("select to_regprocedure('graphql.resolve(text, jsonb, text, jsonb)') as oid");
      expect(resolver[0].oid).toBeNull();
      const after = await lintDatabase(client);
      expect(graphqlFindings(after)).toEqual([]);
      expect(blocking(after)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('npm run db:lint fails on a database with pg_graphql and passes once the migration ran', async () => {
    const client = await throwawayDatabase('cli');
    try {
      await client.query('create extension pg_graphql');
      await applyMigrations(client, migrationsBefore);
      const run = promisify(execFile);
      const lint = (database: string) =>
        run(process.execPath, ['--import', 'tsx', 'scripts/db-lint.ts'], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: databaseUrl(database) },
        }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      const name = databases.at(-1)!;

      const failing = await lint(name);
      expect(failing.code).toBe(1);
      expect(failing.stdout).toMatch(/WARN\s+SECURITY\s+pg_graphql_anon_table_exposed: Table public\.products is visible/);
      expect(failing.stdout).toMatch(/WARN\s+SECURITY\s+pg_graphql_authenticated_table_exposed: Table public\.orders is visible/);

      await applyMigrations(client, migrationsFromNoGraphql);
      const passing = await lint(name);
      expect(passing.stdout).not.toContain('pg_graphql');
      expect(passing.code).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('the migration changes nothing where there is no pg_graphql (the local backend, or a project that turned it off)', async () => {
    const client = await throwawayDatabase('plain');
    try {
      await applyMigrations(client, migrationsBefore);
      const fingerprint = await catalogFingerprint(client);
      const extensionsBefore = await extensions(client);

      await applyMigrations(client, [NO_GRAPHQL]);

      expect(await catalogFingerprint(client)).toBe(fingerprint);
      expect(await extensions(client)).toEqual(extensionsBefore);
      // And it can run again (a re-run, or a project where someone dropped the extension by hand).
      await applyMigrations(client, [NO_GRAPHQL]);
      expect(await catalogFingerprint(client)).toBe(fingerprint);
    } finally {
      await client.end();
    }
  });

  it('the shared test backend, migrated as `npm start` migrates, has no pg_graphql and no 0026/0027 findings', async () => {
    const applied = await withDatabase(async (db) => {
      const { rows } = await db.query<{ name: string }>('select name from local_meta.applied_migrations');
      return rows.map((row) => row.name);
    });
    expect(applied).toContain(NO_GRAPHQL);
    const findings = await withDatabase((db) => lintDatabase(db));
    expect(graphqlFindings(findings)).toEqual([]);
  });
});
