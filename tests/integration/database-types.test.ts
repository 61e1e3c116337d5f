import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../scripts/db-types/generate.ts';
import { withDatabase } from '../support/test-backend.ts';

/*
 * The committed shapes of the database are the migrated schema's: the test
 * backend's database went through every migration, so generating from it must
 * give the committed file byte for byte.
 */
describe('generated database types', () => {
  it('match the migrated schema', async () => {
    const generated = await withDatabase(generateDatabaseTypes);
    const committed = readFileSync(DATABASE_TYPES_FILE, 'utf8');
    expect(committed, 'src/domain/database.types.ts is stale: run npm run db:types and commit the result').toBe(generated);
  });
});
