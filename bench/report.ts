/**
 * The bench's bookkeeping: each section keeps its figures in `results` and
 * its budgets with budget(); finish() writes bench/results.json and prints
 * the sections' Markdown and the table of budgets with pass or fail.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { root, RUNS } from './context.ts';

export const KiB = 1024;

type Budget = { name: string; value: number; limit: number; unit: string; lowerIsBetter: boolean };
const budgets: Budget[] = [];
/** What bench/results.json holds, one key per figure. */
export const results: Record<string, unknown> = {};

export function budget(name: string, value: number, limit: number, unit: string, lowerIsBetter = true) {
  budgets.push({ name, value, limit, unit, lowerIsBetter });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Bytes as KiB with one decimal, without the unit (the tables name it once). */
export const kib = (value: number) => `${(value / KiB).toFixed(1)}`;

function fmt(value: number, unit: string): string {
  if (unit === 'KiB') return `${kib(value)} KiB`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  return `${Number.isInteger(value) ? value : value.toFixed(3)}${unit ? ` ${unit}` : ''}`;
}

function report(): string {
  const lines = ['| Budget | Measured | Limit | Result |', '| --- | --- | --- | --- |'];
  for (const b of budgets) {
    const pass = b.lowerIsBetter ? b.value <= b.limit : b.value >= b.limit;
    lines.push(
      `| ${b.name} | ${fmt(b.value, b.unit)} | ${b.lowerIsBetter ? '≤' : '≥'} ${fmt(b.limit, b.unit)} | ${pass ? 'pass' : '**FAIL**'} |`,
    );
  }
  return lines.join('\n');
}

/** Writes bench/results.json, prints the sections' Markdown and the budgets; the exit code says whether all pass. */
export function finish(out: string[], sections: string[]) {
  results.budgets = budgets;
  results.meta = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, runs: RUNS, sections };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(`\n${out.join('\n')}`);
  console.log('## Budgets\n');
  console.log(report());
  const failed = budgets.filter((b) => (b.lowerIsBetter ? b.value > b.limit : b.value < b.limit));
  console.log(`\n${failed.length === 0 ? 'All budgets pass.' : `${failed.length} budget(s) fail.`} Results: bench/results.json`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
