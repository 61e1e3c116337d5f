import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './generate.ts';
import { withMigratedDatabase } from './throwaway-database.ts';

/**
 * `npm run db:types`: migrates a throwaway local database and writes the
 * TypeScript shapes of its public schema to src/domain/database.types.ts.
 */
const text = await withMigratedDatabase(generateDatabaseTypes);
writeFileSync(DATABASE_TYPES_FILE, text);
console.log(`Wrote ${relative(process.cwd(), DATABASE_TYPES_FILE)} from the migrated local database.`);
