import pg from 'pg';
import { ORDER_LIMIT_SETTINGS } from '../../src/domain/order-limits.ts';

/**
 * Turns the per-buyer limits (src/domain/order-limits.ts) off in a test
 * backend's database: suites place many unpaid orders with the same sample
 * email and address, as they do from the same 127.0.0.1 with the
 * per-address rate limits off. tests/integration/order-limits.test.ts
 * checks the limits themselves.
 */
export async function turnOrderLimitsOff(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const key of Object.values(ORDER_LIMIT_SETTINGS)) {
      await db.query(`insert into app_settings (key, value) values ($1, '0') on conflict (key) do update set value = '0'`, [key]);
    }
  } finally {
    await db.end();
  }
}
