import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { turnOrderLimitsOff } from './order-limits.ts';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import type { TestBackend } from './test-backend.ts';

/**
 * Starts the real local backend (Postgres, PostgREST, auth, functions, and
 * the built app) on free ports with a throwaway data folder, once per test
 * project, and stops it afterwards.
 */
let backend: RunningBackend | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-test-'));
  const root = resolve(import.meta.dirname, '..', '..');
  backend = await startBackend({
    dataDir,
    backendPort: await freePort(),
    appPort: await freePort(),
    distDir: join(root, 'dist'),
    ownerEmail: 'owner@kwiaciarnia.test',
    ownerPassword: 'owner-password-123',
    // The local stack as `npm start` runs it: with the PayU gateway simulator.
    // Every suite calls from 127.0.0.1, so the per-address limits are off here (contact: high);
    // tests/integration/rate-limits.test.ts runs its own backend with the defaults.
    env: {
      ...process.env,
      LOCAL_PAYMENT_SIMULATOR: '1',
      PLACE_ORDER_RATE_LIMIT: '0',
      AUTH_RATE_LIMIT: '0',
      CONTACT_RATE_LIMIT: '1000',
      ORDER_PAGE_RATE_LIMIT: '0',
    },
  });
  const provided: TestBackend = {
    url: backend.url,
    appUrl: backend.appUrl ?? '',
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    publishableKey: backend.publishableKey,
    dataDir,
    secretKey: backend.secretKey,
    databaseUrl: backend.databaseUrl,
    ownerEmail: 'owner@kwiaciarnia.test',
    ownerPassword: 'owner-password-123',
    functions: { kind: backend.functions.kind, processes: backend.functions.processes() },
    mailUrl: backend.mail.url,
  };
  // Suites place many unpaid orders with one sample email and address (tests/support/order-limits.ts).
  await turnOrderLimitsOff(backend.databaseUrl);
  project.provide('backend', provided);
}

export async function teardown(): Promise<void> {
  await backend?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
