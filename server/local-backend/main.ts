import { resolve } from 'node:path';
import { startBackend } from './backend.ts';
import { PortInUseError } from './process-utils.ts';

/** `npm start`: the local backend on one gateway port plus the built app. */

const root = resolve(import.meta.dirname, '..', '..');

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number (1–65535), got "${raw}".`);
    process.exit(1);
  }
  return value;
}

// The local backend is the one place the PayU gateway simulator and the seeded keys may be used.
process.env.LOCAL_PAYMENT_SIMULATOR ??= '1';

const started = Date.now();
try {
  const backend = await startBackend({
    dataDir: process.env.LOCAL_DATA_DIR ?? resolve(root, '.local'),
    backendPort: port('BACKEND_PORT', 54321),
    appPort: port('PORT', 4173),
    postgresPort: port('POSTGRES_PORT', 0),
    distDir: resolve(root, 'dist'),
    ownerEmail: process.env.SHOP_OWNER_EMAIL ?? 'wlasciciel@kwiaciarnia.local',
    ownerPassword: process.env.SHOP_OWNER_PASSWORD ?? 'kwiaty-admin-123',
    mailSmtpPort: port('MAIL_SMTP_PORT', 54325),
    mailWebPort: port('MAIL_WEB_PORT', 54324),
  });

  console.log(`
Kwiaciarnia is running (${((Date.now() - started) / 1000).toFixed(1)} s${backend.freshDatabase ? ', new database' : ''}).

  Shop:     ${backend.appUrl}
  Backend:  ${backend.url}  (rest/v1, auth/v1, functions/v1)
  Functions: ${backend.functions.kind === 'deno' ? 'Deno, from the bundles in supabase/functions' : `Node (fallback: ${backend.functions.fallbackReason}), not Deno as deployed`}
  Mail:     ${backend.mail.url}  (every mail the shop sends, web inbox; REST API at /api/email${process.env.SMTP_URL ? `; the functions send through SMTP_URL instead` : ''})
  Owner:    ${backend.ownerEmail} (password from SHOP_OWNER_PASSWORD, default kwiaty-admin-123; local only)
  Keys:     .local/backend.json

Press Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await backend.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(error.message);
  } else {
    console.error('The local backend could not start:', error instanceof Error ? error.message : error);
    console.error('Details are in .local/logs/backend.log.');
  }
  process.exit(1);
}
