import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { LOCAL_PAYMENT_SIMULATOR_VARIABLE, readFunctionRateLimits } from '../../functions/_shared/env.ts';
import { readLimit } from '../../src/domain/rate-limit.ts';
import { DEFAULT_AUTH_RATE_LIMIT, createAuthService } from './auth/service.ts';
import { readDeclaredFunctions } from './functions/config.ts';
import { FUNCTIONS, localPaymentSimulatorRoutes } from './functions/registry.ts';
import { LOCAL_KSEF_SIMULATOR_PATH } from '../../functions/_shared/ksef/environments.ts';
import { startFunctionsRuntime, type FunctionsRuntime } from './functions/runtime.ts';
import { FUNCTION_SECURITY_HEADERS, createGateway } from './gateway.ts';
import { verifyJwt } from './keys/jwt.ts';
import type { PublicEcJwk } from './keys/jwt.ts';
import { loadLocalKeys, type ApiRole } from './keys/local-keys.ts';
import { startScheduledFunction, type ScheduledFunction } from './functions/scheduled.ts';
import { startMailServer, type MailServer } from './mail/server.ts';
import { mailerFromEnv } from '../../functions/_shared/mailer.ts';
import { makeShopOwner, migrate } from './db/migrate.ts';
import { startPostgres, type PostgresHandle } from './db/postgres.ts';
import { startPostgrest, type PostgrestHandle } from './db/postgrest.ts';
import { assertPortFree, freePort } from './process-utils.ts';
import { createStorageService } from './storage/service.ts';
import { createPrerender } from '../app/prerender.ts';
import { createStaticServer } from '../app/static-server.ts';

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
   * CONTACT_RATE_LIMIT, ORDER_PAGE_RATE_LIMIT, AUTH_RATE_LIMIT) and AUTH_MAILER_AUTOCONFIRM are read; default process.env.
   */
  env?: Record<string, string | undefined>;
  /**
   * How user sessions are signed: 'ES256' (default; asymmetric, the public key
   * at /auth/v1/.well-known/jwks.json, as hosted projects on JWT signing keys)
   * or 'HS256' (the legacy shared secret). Default: env AUTH_JWT_ALG, else ES256.
   */
  authJwtAlg?: AuthJwtAlgorithm;
  /** MailDev's SMTP port (`npm start`: MAIL_SMTP_PORT, default 54325); 0 or absent → a free one. */
  mailSmtpPort?: number;
  /** MailDev's web inbox and REST API port (`npm start`: MAIL_WEB_PORT, default 54324); 0 or absent → a free one. */
  mailWebPort?: number;
  /** How often the backend calls mail-dispatch and push-dispatch (the hosted pg_cron jobs' stand-in); default 10 s, 0 → never. */
  mailDispatchIntervalMs?: number;
  /** How often the backend calls ksef-send (the hosted pg_cron job's stand-in); default 5 s, 0 → never. */
  ksefSendIntervalMs?: number;
  /** How often the backend calls payments-reconcile (the hosted pg_cron job's stand-in); default 60 s, 0 → never. */
  paymentsReconcileIntervalMs?: number;
}

export type AuthJwtAlgorithm = 'ES256' | 'HS256';

export interface RunningBackend {
  url: string;
  appUrl: string | null;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The current-style API keys: public (`sb_publishable_…`) and server-only (`sb_secret_…`). */
  publishableKey: string;
  secretKey: string;
  /** The public JWT signing keys, as served at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: PublicEcJwk[] };
  /** How user sessions are signed. */
  authJwtAlg: AuthJwtAlgorithm;
  /** A short-lived ES256 JWT for the role: what the gateway sends PostgREST for an sb_ key. */
  signRoleToken(role: ApiRole): string;
  /** The role an API key of this install (either style) stands for, or null. */
  roleForApiKey(value: string): ApiRole | null;
  /** The Authorization to send upstream for a request's apikey and Authorization (see keys/local-keys.ts); null → 401. */
  upstreamAuthorization(apikey: string | undefined, authorization: string | undefined): string | undefined | null;
  databaseUrl: string;
  ownerEmail: string;
  freshDatabase: boolean;
  /** Where the Edge Functions run: their Deno processes, or Node and why. */
  functions: Pick<FunctionsRuntime, 'kind' | 'fallbackReason' | 'processes'>;
  /** The local inbox (MailDev): where every mail of this backend lands unless SMTP_URL points elsewhere. */
  mail: MailServer;
  stop(): Promise<void>;
}

const DEFAULT_MAIL_DISPATCH_INTERVAL_MS = 10_000;
const DEFAULT_PAYMENTS_RECONCILE_INTERVAL_MS = 60_000;
const DEFAULT_KSEF_SEND_INTERVAL_MS = 5_000;

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * AUTH_MAILER_AUTOCONFIRM (GoTrue's MAILER_AUTOCONFIRM): sign-ups are confirmed
 * at once unless it says false, as in a default local Supabase; hosted
 * projects confirm by mail (supabase/config.toml). Anything else stops the start.
 */
export function readMailerAutoconfirm(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`AUTH_MAILER_AUTOCONFIRM must be true or false, not "${value}".`);
}

/** AUTH_JWT_ALG: ES256 (default) or HS256; anything else stops the start. */
function readAuthJwtAlg(value: string | undefined): AuthJwtAlgorithm {
  if (value === undefined || value === '' || value === 'ES256') return 'ES256';
  if (value === 'HS256') return 'HS256';
  throw new Error(`AUTH_JWT_ALG must be ES256 or HS256, not "${value}".`);
}

/**
 * A new install's seller NIP is its local KSeF certificate's (.local/secrets.json
 * `ksef`), so invoices go through the stand-in on a fresh clone; a NIP the
 * owner typed stays.
 */
async function seedSellerNip(pool: pg.Pool, nip: string): Promise<void> {
  await pool.query(
    `insert into public.app_settings (key, value) values ('company_nip', $1)
     on conflict (key) do update set value = excluded.value where public.app_settings.value = ''`,
    [nip],
  );
}

/**
 * The project's own secrets a function may read (docs/hosted-deploy.md, the secrets table), passed
 * from the backend's environment like `supabase secrets set` on hosted.
 */
export const PROJECT_SECRET_NAMES = [
  'SITE_URL',
  LOCAL_PAYMENT_SIMULATOR_VARIABLE,
  'PLACE_ORDER_RATE_LIMIT',
  'CONTACT_RATE_LIMIT',
  'ORDER_PAGE_RATE_LIMIT',
  'SMTP_URL',
  'RESEND_API_KEY',
  'MAIL_FROM',
  'CONTACT_EMAIL_TO',
  'CONTACT_EMAIL_FROM',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'KSEF_ENVIRONMENT',
  'KSEF_CERTIFICATE',
  'KSEF_PRIVATE_KEY',
  'KSEF_API_URL',
] as const;

/** What a function's Deno.env holds: Supabase's own variables and the project's secrets, nothing else. */
function functionEnvironment(env: Record<string, string | undefined>, supabase: Record<string, string>): Record<string, string> {
  const secrets = PROJECT_SECRET_NAMES.flatMap((name) => (env[name] ? [[name, env[name]] as const] : []));
  return { ...Object.fromEntries(secrets), ...supabase };
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
  // (The functions read their limits themselves; a malformed one still stops the start here.)
  readFunctionRateLimits((name) => env[name]);
  const authRateLimit = readLimit((name) => env[name], 'AUTH_RATE_LIMIT', DEFAULT_AUTH_RATE_LIMIT);
  const authJwtAlg = options.authJwtAlg ?? readAuthJwtAlg(env.AUTH_JWT_ALG);
  const mailerAutoconfirm = readMailerAutoconfirm(env.AUTH_MAILER_AUTOCONFIRM);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const logFile = join(dataDir, 'logs', 'backend.log');
  const log = (source: string) => (line: string) => {
    if (line) appendFileSync(logFile, `[${new Date().toISOString()}] [${source}] ${line}\n`);
  };

  await assertPortFree(options.backendPort, 'BACKEND_PORT');
  if (options.appPort !== null) await assertPortFree(options.appPort, 'PORT');
  if (options.mailSmtpPort) await assertPortFree(options.mailSmtpPort, 'MAIL_SMTP_PORT');
  if (options.mailWebPort) await assertPortFree(options.mailWebPort, 'MAIL_WEB_PORT');

  // Per-install keys and passwords in secrets.json (keys/local-keys.ts): both API key styles, the signing keys.
  const secrets = loadLocalKeys(dataDir);
  const { anonKey, serviceRoleKey } = secrets;
  // The address the app and the functions use (SUPABASE_URL), and the tokens' issuer.
  const publicUrl = `http://localhost:${options.backendPort}`;

  let postgres: PostgresHandle | undefined;
  let postgrest: PostgrestHandle | undefined;
  let pool: pg.Pool | undefined;
  let gateway: Server | undefined;
  let functionsRuntime: FunctionsRuntime | undefined;
  let app: Server | undefined;
  let mail: MailServer | undefined;
  const scheduled: ScheduledFunction[] = [];

  const stop = async () => {
    await Promise.all(scheduled.map((job) => job.stop()));
    await close(app);
    await close(gateway);
    await functionsRuntime?.stop();
    await mail?.stop();
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
    // The KSeF stand-in accepts only the NIP of this install's certificate: an empty seller NIP becomes it.
    if (!env.KSEF_CERTIFICATE) await seedSellerNip(pool, secrets.ksef.nip);
    mail = await startMailServer({
      smtpPort: options.mailSmtpPort ?? 0,
      webPort: options.mailWebPort ?? 0,
      directory: join(dataDir, 'mail'),
    });
    // Payment return pages and auth links lead to the app; without a served app, SITE_URL (if any) says where it is.
    const siteUrl = options.appPort !== null ? `http://localhost:${options.appPort}` : env.SITE_URL || undefined;

    const auth = createAuthService({
      pool,
      signingKey: authJwtAlg === 'ES256' ? secrets.es256SigningKey : secrets.hs256SigningKey,
      verificationKeys: secrets.verificationKeys,
      jwks: secrets.publicJwks,
      // The address the app uses (backend.json `url`), as a function checking `iss` against SUPABASE_URL expects.
      issuer: `http://localhost:${options.backendPort}/auth/v1`,
      requestRateLimit: authRateLimit,
      mailerAutoconfirm,
      ...(siteUrl ? { siteUrl } : {}),
      // The reset mails go where the functions' mail goes: MailDev unless SMTP_URL says otherwise.
      mailer: mailerFromEnv({ SMTP_URL: env.SMTP_URL || mail.smtpUrl, RESEND_API_KEY: env.RESEND_API_KEY, MAIL_FROM: env.MAIL_FROM }),
    });
    const ownerId = await auth.ensureUser(options.ownerEmail, options.ownerPassword);
    await makeShopOwner(pool, ownerId);

    postgrest = await startPostgrest({
      dbUri: `postgresql://authenticator:${encodeURIComponent(secrets.authenticatorPassword)}@127.0.0.1:${postgresPort}/postgres`,
      // A JWKS: the legacy secret (oct) and the EC public key, so legacy and asymmetric tokens both pass.
      jwtSecret: secrets.postgrestJwtSecret,
      port: await freePort(),
      adminPort: await freePort(),
      pidFile: join(dataDir, 'postgrest.pid'),
      log: log('postgrest'),
    });

    // The functions mail through MailDev unless SMTP_URL says otherwise, and push with this install's VAPID pair.
    const functionVariables = functionEnvironment(
      {
        ...env,
        SMTP_URL: env.SMTP_URL || mail.smtpUrl,
        VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY || secrets.vapid.publicKey,
        VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY || secrets.vapid.privateKey,
        VAPID_SUBJECT: env.VAPID_SUBJECT || `mailto:${options.ownerEmail}`,
        // KSeF through the local stand-in with this install's certificate, unless the environment names real ones.
        KSEF_ENVIRONMENT: env.KSEF_ENVIRONMENT || 'test',
        KSEF_CERTIFICATE: env.KSEF_CERTIFICATE || secrets.ksef.certificatePem,
        KSEF_PRIVATE_KEY: env.KSEF_PRIVATE_KEY || secrets.ksef.privateKeyPem,
        KSEF_API_URL: env.KSEF_API_URL || (env.KSEF_CERTIFICATE ? '' : `${publicUrl}${LOCAL_KSEF_SIMULATOR_PATH}/v2`),
      },
      {
        SUPABASE_URL: publicUrl,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_DB_URL: postgres.superuserUrl,
        // The current key style and the public signing keys, as hosted functions get them.
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: secrets.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: secrets.secretKey }),
        SUPABASE_JWKS: JSON.stringify(secrets.publicJwks),
        ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      },
    );
    // Storage files (product photos) belong to the database's storage.objects rows: a fresh database starts without them.
    const storageDir = join(dataDir, 'storage');
    if (postgres.freshlyInitialised) rmSync(storageDir, { recursive: true, force: true });
    const storage = createStorageService({
      pool,
      directory: storageDir,
      verificationKeys: secrets.verificationKeys,
      urlSigningSecret: secrets.jwtSecret,
    });

    const declared = readDeclaredFunctions();
    functionsRuntime = await startFunctionsRuntime({
      names: declared.map((fn) => fn.name),
      env: functionVariables,
      cacheDir: join(dataDir, 'deno'),
      nodeFactories: FUNCTIONS,
      prefer: env.FUNCTIONS_RUNTIME,
      responseHeaders: FUNCTION_SECURITY_HEADERS,
      log,
    });
    await functionsRuntime.warm();
    const localPaymentSimulator = env[LOCAL_PAYMENT_SIMULATOR_VARIABLE] === '1';
    gateway = createGateway({
      postgrestPort: postgrest.port,
      auth: auth.handle,
      storage: storage.handle,
      functions: functionsRuntime,
      verifyJwtFor: new Set(declared.filter((fn) => fn.verifyJwt).map((fn) => fn.name)),
      verifyToken: (token) => verifyJwt(token, secrets.verificationKeys) !== null,
      upstreamAuthorization: secrets.upstreamAuthorization,
      localRoutes: localPaymentSimulator ? localPaymentSimulatorRoutes(functionVariables) : {},
    });
    await listen(gateway, options.backendPort);
    const schedule = [
      {
        name: 'mail-dispatch',
        intervalMs: options.mailDispatchIntervalMs ?? DEFAULT_MAIL_DISPATCH_INTERVAL_MS,
        log: log('mail'),
        isQuiet: (body: string) => body.includes('"claimed":0'),
      },
      {
        name: 'push-dispatch',
        intervalMs: options.mailDispatchIntervalMs ?? DEFAULT_MAIL_DISPATCH_INTERVAL_MS,
        log: log('push'),
        isQuiet: (body: string) => body.includes('"claimed":0'),
      },
      {
        name: 'owner-invoices',
        intervalMs: options.mailDispatchIntervalMs ?? DEFAULT_MAIL_DISPATCH_INTERVAL_MS,
        log: log('invoices'),
        isQuiet: (body: string) => body.includes('"claimed":0'),
      },
      {
        name: 'ksef-send',
        intervalMs: options.ksefSendIntervalMs ?? DEFAULT_KSEF_SEND_INTERVAL_MS,
        log: log('ksef'),
        isQuiet: (body: string) => body.includes('"claimed":0'),
      },
      {
        name: 'payments-reconcile',
        intervalMs: options.paymentsReconcileIntervalMs ?? DEFAULT_PAYMENTS_RECONCILE_INTERVAL_MS,
        log: log('payments'),
        isQuiet: (body: string) => body.includes('"applied":0') && body.includes('"expired":0') && body.includes('"failed":0'),
      },
    ];
    for (const job of schedule.filter((entry) => entry.intervalMs > 0)) {
      scheduled.push(startScheduledFunction({ ...job, url: `http://127.0.0.1:${options.backendPort}`, secretKey: secrets.secretKey }));
    }

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

    writeFileSync(
      join(dataDir, 'backend.json'),
      JSON.stringify(
        {
          url: publicUrl,
          anon_key: anonKey,
          service_role_key: serviceRoleKey,
          publishable_key: secrets.publishableKey,
          secret_key: secrets.secretKey,
          app_url: appUrl,
          db_url: postgres.superuserUrl,
          mail_url: mail.url,
        },
        null,
        2,
      ),
      { mode: 0o600 },
    );

    return {
      url: publicUrl,
      appUrl,
      anonKey,
      serviceRoleKey,
      jwtSecret: secrets.jwtSecret,
      publishableKey: secrets.publishableKey,
      secretKey: secrets.secretKey,
      jwks: secrets.publicJwks,
      authJwtAlg,
      signRoleToken: (role) => secrets.signRoleToken(role),
      roleForApiKey: secrets.roleForApiKey,
      upstreamAuthorization: secrets.upstreamAuthorization,
      databaseUrl: postgres.superuserUrl,
      ownerEmail: options.ownerEmail,
      freshDatabase: postgres.freshlyInitialised,
      functions: functionsRuntime,
      mail,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
