import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db.ts';
import { loadDb } from '../../src/lib/deferred-live-query.ts';

/**
 * Issue 22: Dexie runs the queries that wait for the database's opening in
 * the same task as its completion, one long task on a slow phone. The lazily
 * loaded database is handed out already open, so the first query comes after.
 */

afterAll(() => db.close());

describe('the lazily loaded database', () => {
  it('is open before any caller gets it, and every caller gets the same one', async () => {
    expect(db.isOpen()).toBe(false);
    const [first, second] = await Promise.all([loadDb(), loadDb()]);
    expect(first).toBe(db);
    expect(second).toBe(db);
    expect(first.isOpen()).toBe(true);
  });
});
