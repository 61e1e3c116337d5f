/**
 * What the sections of `npm run bench` share: where the build is, how many
 * runs a timing takes, the owner and product the local backend seeds, and
 * the context a section runs in.
 */
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type { RunningBackend } from '../server/local-backend/backend.ts';

export const root = resolve(import.meta.dirname, '..');
export const distDir = join(root, 'dist');
/** Timings are medians of BENCH_RUNS runs (default 3): shared machines are noisy. */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
export const OWNER = { email: 'owner@kwiaciarnia.bench', password: 'bench-owner-password' };
/** A product of the seeded catalogue, for its product page. */
export const PRODUCT_ID = '811546a5-832e-49cf-b3c0-9e29122b2d96';

/** A section measures in `browser` against the app at `appUrl` and `backend`, and appends its Markdown to `out`. */
export interface BenchContext {
  browser: Browser;
  appUrl: string;
  backend: RunningBackend;
  out: string[];
}

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
