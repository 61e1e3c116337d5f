import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { LOCAL_PAYMENT_SIMULATOR_VARIABLE, readFunctionRateLimits, type FunctionEnv } from '../functions/_shared/env.ts';
import { readLimit } from '../functions/_shared/rate-limit.ts';
import { DEFAULT_AUTH_RATE_LIMIT, createAuthService } from './auth-service.ts';
import { FUNCTIONS, localPaymentSimulatorRoutes } from './functions-registry.ts';
import { createGateway } from './gateway.ts';
import { signJwt } from './jwt.ts';
import { makeShopOwner, migrate } from './migrate.ts';
import { startPostgres, type PostgresHandle } from './postgres.ts';
import { startPostgrest, type PostgrestHandle } from './postgrest.ts';
import { assertPortFree, freePort } from './process-utils.ts';
import { createPrerender } from './prerender.ts';
import { createStaticServer } from './static-server.ts';

export interface BackendOptions {
  /** Where Postgres data, secrets, logs and backend.json live. */
  dataDir: string;
  backendPort: number;
  /** Port of the built app; null serves no app (integration tests). */
  appPort: number | null;
  distDir: string;
  ownerEmail: string;
  ownerPassword: string;
  /** Fixed Postgres port, or 0 for any free one. */
  postgresPort?: number;
  /**
   * Where settings such as the rate limits (PLACE_ORDER_RATE_LIMIT,
   * CONTACT_RATE_LIMIT, AUTH_RATE_LIMIT) are read; default process.env.
   */
  env?: Record<string, string | undefined>;
}

export interface RunningBackend {
  url: string;
  appUrl: string | null;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  databaseUrl: string;
  ownerEmail: string;
  freshDatabase: boolean;
  stop(): Promise<void>;
}

interface LocalSecrets {
  jwtSecret: string;
  postgresPassword: string;
  authenticatorPassword: string;
}

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;

/** Per-install secrets, made on first start and kept in the data folder (never in git or the bundle). */
function loadSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(18).toString('base64url'),
    authenticatorPassword: randomBytes(18).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function apiKey(role: 'anon' | 'service_role', secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'supabase-local', ref: 'kwiaciarnia', role, iat: now, exp: now + TEN_YEARS_SECONDS }, secret);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
}

function close(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolveClose) => server.close(() => resolveClose()));
}

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const dataDir = resolve(options.dataDir);
  const env = options.env ?? process.env;
  // Read first: a malformed limit stops the start before anything runs.
  const rateLimits = readFunctionRateLimits((name) => env[name]);
  const authRateLimit = readLimit((name) => env[name], 'AUTH_RATE_LIMIT', DEFAULT_AUTH_RATE_LIMIT);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const logFile = join(dataDir, 'logs', 'backend.log');
  const log = (source: string) => (line: string) => {
    if (line) appendFileSync(logFile, `[${new Date().toISOString()}] [${source}] ${line}\n`);
  };

  await assertPortFree(options.backendPort, 'BACKEND_PORT');
  if (options.appPort !== null) await assertPortFree(options.appPort, 'PORT');

  const secrets = loadSecrets(dataDir);
  const anonKey = apiKey('anon', secrets.jwtSecret);
  const serviceRoleKey = apiKey('service_role', secrets.jwtSecret);
  const url = `http://127.0.0.1:${options.backendPort}`;

  let postgres: PostgresHandle | undefined;
  let postgrest: PostgrestHandle | undefined;
  let pool: pg.Pool | undefined;
  let gateway: Server | undefined;
  let app: Server | undefined;

  const stop = async () => {
    await close(app);
    await close(gateway);
    await pool?.end().catch(() => undefined);
    await postgrest?.stop();
    await postgres?.stop();
  };

  try {
    const postgresPort = options.postgresPort || (await freePort());
    postgres = await startPostgres(dataDir, postgresPort, secrets.postgresPassword, log('postgres'));

    const admin = new pg.Client({ connectionString: postgres.superuserUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await migrate(admin, join(PROJECT_ROOT, 'supabase'), secrets.authenticatorPassword);
    } finally {
      await admin.end();
    }

    pool = new pg.Pool({ connectionString: postgres.superuserUrl, max: 10 });
    // Idle clients get 57P01 when Postgres shuts down on Ctrl-C; that is expected.
    pool.on('error', () => undefined);
    const auth = createAuthService({ pool, jwtSecret: secrets.jwtSecret, issuer: `${url}/auth/v1`, requestRateLimit: authRateLimit });
    const ownerId = await auth.ensureUser(options.ownerEmail, options.ownerPassword);
    await makeShopOwner(pool, ownerId);

    postgrest = await startPostgrest({
      dbUri: `postgresql://authenticator:${encodeURIComponent(secrets.authenticatorPassword)}@127.0.0.1:${postgresPort}/postgres`,
      jwtSecret: secrets.jwtSecret,
      port: await freePort(),
      adminPort: await freePort(),
      pidFile: join(dataDir, 'postgrest.pid'),
      log: log('postgrest'),
    });

    // Payment return pages live in the app; without a served app, SITE_URL (if any) says where it is.
    const siteUrl = options.appPort !== null ? `http://localhost:${options.appPort}` : process.env.SITE_URL || undefined;
    const localPaymentSimulator = env[LOCAL_PAYMENT_SIMULATOR_VARIABLE] === '1';
    const functionEnv: FunctionEnv = { supabaseUrl: url, anonKey, serviceRoleKey, siteUrl, rateLimits, localPaymentSimulator };
    const functions = Object.fromEntries(Object.entries(FUNCTIONS).map(([name, build]) => [name, build(functionEnv)]));
    gateway = createGateway({
      postgrestPort: postgrest.port,
      auth: auth.handle,
      functions,
      localRoutes: functionEnv.localPaymentSimulator ? localPaymentSimulatorRoutes(functionEnv) : {},
    });
    await listen(gateway, options.backendPort);

    let appUrl: string | null = null;
    if (options.appPort !== null) {
      // `npm run build` writes the server-rendering bundle next to dist/.
      const prerender = createPrerender({
        entryFile: resolve(options.distDir, '..', 'dist-server', 'entry-server.js'),
        backendUrl: `http://127.0.0.1:${options.backendPort}`,
        anonKey,
      });
      app = createStaticServer({ distDir: options.distDir, backendPort: options.backendPort, anonKey, prerender });
      await listen(app, options.appPort);
      appUrl = `http://localhost:${options.appPort}`;
    }

    const publicUrl = `http://localhost:${options.backendPort}`;
    writeFileSync(
      join(dataDir, 'backend.json'),
      JSON.stringify({ url: publicUrl, anon_key: anonKey, service_role_key: serviceRoleKey, app_url: appUrl, db_url: postgres.superuserUrl }, null, 2),
      { mode: 0o600 },
    );

    return {
      url: publicUrl,
      appUrl,
      anonKey,
      serviceRoleKey,
      jwtSecret: secrets.jwtSecret,
      databaseUrl: postgres.superuserUrl,
      ownerEmail: options.ownerEmail,
      freshDatabase: postgres.freshlyInitialised,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
