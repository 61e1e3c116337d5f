/**
 * place-order under load: BENCH_ORDERS requests (default 2000), 20 at a
 * time, a tenth of them repeats of a key already sent, from a separate
 * process (bench/load-orders.ts); then the database is asked whether every
 * key became exactly one order.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { RunningBackend } from '../server/local-backend/backend.ts';
import { log, root, type BenchContext } from './context.ts';
import { budget, percentile, results } from './report.ts';

async function loadTest(backend: RunningBackend) {
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ id: string }>(
      "select id from public.products where active and category <> 'live-flowers' and price > 0 order by id limit 10",
    );
    // A stocked warehouse: the load measures placing orders, not running out of pieces.
    await client.query('update public.products set stock = 1000000 where id = any($1::uuid[])', [products.rows.map((row) => row.id)]);
    const job = {
      functionsUrl: `${backend.url}/functions/v1`,
      anonKey: backend.anonKey,
      requests: Number(process.env.BENCH_ORDERS ?? 2000),
      concurrency: 20,
      repeatShare: 0.1,
      productIds: products.rows.map((row) => row.id),
    };
    const before = await client.query<{ count: string }>('select count(*) from public.orders');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench', 'load-orders.ts'), JSON.stringify(job)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const outcome = JSON.parse(stdout) as {
      elapsedMs: number;
      latencies: number[];
      statuses: Record<string, number>;
      distinctKeys: string[];
    };
    const stored = await client.query<{ count: string }>('select count(*) from public.orders where client_request_id = any($1::uuid[])', [
      outcome.distinctKeys,
    ]);
    const after = await client.query<{ count: string }>('select count(*) from public.orders');
    const storedCount = Number(stored.rows[0]!.count);
    return {
      requests: job.requests,
      concurrency: job.concurrency,
      distinctKeys: outcome.distinctKeys.length,
      statuses: outcome.statuses,
      throughputPerS: (job.requests / outcome.elapsedMs) * 1000,
      p50Ms: percentile(outcome.latencies, 50),
      p95Ms: percentile(outcome.latencies, 95),
      p99Ms: percentile(outcome.latencies, 99),
      ordersStored: storedCount,
      newOrdersInDb: Number(after.rows[0]!.count) - Number(before.rows[0]!.count),
      duplicates: Math.max(0, storedCount - outcome.distinctKeys.length),
      lost: Math.max(0, outcome.distinctKeys.length - storedCount),
    };
  } finally {
    await client.end();
  }
}

export async function loadSection({ backend, out }: BenchContext) {
  log('place-order under load');
  const load = await loadTest(backend);
  results.load = load;
  budget('Duplicate orders under load', load.duplicates, 0, '');
  budget('Lost orders under load', load.lost, 0, '');
  out.push(
    `place-order: ${load.requests} requests at ${load.concurrency} concurrent (${load.distinctKeys} distinct keys): ${load.throughputPerS.toFixed(0)}/s, p50 ${load.p50Ms.toFixed(0)} ms, p95 ${load.p95Ms.toFixed(0)} ms, p99 ${load.p99Ms.toFixed(0)} ms; statuses ${JSON.stringify(load.statuses)}; orders stored for the keys sent: ${load.ordersStored}`,
    '',
  );
}
