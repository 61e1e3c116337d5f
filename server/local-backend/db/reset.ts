import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isAlive } from '../process-utils.ts';

/**
 * `npm run reset`: wipes local data (database, secrets, logs, mail, and the
 * Storage files of product-images and any other bucket in storage/, which
 * belong to the database's storage.objects rows); the next start seeds a
 * fresh database with an empty product-images bucket.
 */
const dataDir = process.env.LOCAL_DATA_DIR ?? resolve(import.meta.dirname, '..', '..', '..', '.local');
const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && isAlive(pid)) {
    console.error('The local backend is still running: stop `npm start` (Ctrl-C) first, then run `npm run reset` again.');
    process.exit(1);
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir} (database and product photos). The next \`npm start\` creates a fresh database with the sample catalog.`);
