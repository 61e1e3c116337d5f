/**
 * The rules of Supabase's database linter (splinter, https://github.com/supabase/splinter,
 * lints/ as of 2026-04-27, 0001–0029) that can be checked on a plain Postgres,
 * as SQL against a database: `npm run db:lint` lints the running local backend
 * (.local/backend.json) or DATABASE_URL, and exits 1 on any ERROR-level or
 * SECURITY-category finding. The integration tests run the same rules against
 * their throwaway backend, and against throwaway databases with a stand-in
 * pg_graphql (tests/integration/pg-graphql-lint.test.ts).
 *
 * Rules about platform objects (pg_graphql 0026/0027, pgmq queues 0019,
 * storage buckets 0025) are here too: they find nothing unless the object
 * exists, as splinter's own do, so the local lint reports what the hosted
 * advisor would for a database that has them.
 *
 * "Exposed through the API" means the schemas PostgREST serves: the
 * `pgrst.db_schemas` setting when the database has it (hosted), else
 * `public` (the local PostgREST serves only public). A few rules look wider
 * than splinter's (0011/0028/0029 every non-platform schema, 0013 without
 * needing a grant, 0015 any mention of user_metadata); none looks narrower.
 *
 * Left out: 0005 unused_index and 0020 table_bloat, which read runtime
 * statistics (meaningless on a fresh database; performance only), and the
 * auth settings checks, which only exist on a hosted project (its dashboard
 * runs them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { LINT_RULES, type LintCategory, type LintLevel } from './db-lint/rules.ts';

export interface LintFinding {
  name: string;
  level: LintLevel;
  category: LintCategory;
  detail: string;
}

export async function lintDatabase(client: pg.Client): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const rule of LINT_RULES) {
    const { rows } = await client.query<{ detail: string }>(rule.sql);
    for (const row of rows) findings.push({ name: rule.name, level: rule.level, category: rule.category, detail: row.detail });
  }
  return findings;
}

/** What fails the build: any ERROR, and anything about security whatever its level. */
export function blocking(findings: readonly LintFinding[]): LintFinding[] {
  return findings.filter((finding) => finding.level === 'ERROR' || finding.category === 'SECURITY');
}

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = resolve(process.env.LOCAL_DATA_DIR ?? '.local', 'backend.json');
  if (!existsSync(file)) {
    throw new Error(`No database to lint: start the backend (npm start / npm run serve) or set DATABASE_URL. (${file} is missing)`);
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { db_url: string }).db_url;
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const findings = await lintDatabase(client);
    for (const finding of findings)
      console.log(`${finding.level.padEnd(5)} ${finding.category.padEnd(11)} ${finding.name}: ${finding.detail}`);
    const failing = blocking(findings);
    console.log(`${findings.length} finding(s) from ${LINT_RULES.length} rules; ${failing.length} blocking (ERROR level or SECURITY).`);
    process.exitCode = failing.length > 0 ? 1 : 0;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
