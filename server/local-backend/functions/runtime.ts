import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Handler } from '../../../functions/_shared/http.ts';
import { readBody, sendFetchResponse, toFetchRequest } from '../../http-helpers.ts';
import { freePort } from '../process-utils.ts';

/**
 * Runs the Edge Functions the way `supabase functions serve` does: each
 * bundle from supabase/functions/<name>/index.ts (what deploys) in its own
 * Deno process, with only the environment a hosted function gets, the
 * project's node_modules for its npm: imports, and no downloads.
 *
 * Where npm has no Deno binary for this platform (or FUNCTIONS_RUNTIME=node),
 * the same handlers run in this Node process instead, and the start banner
 * says so.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const BUNDLE_DIR = join(ROOT, 'supabase', 'functions');
const PRELOAD = join(import.meta.dirname, 'deno', 'exit-with-parent.ts');
const START_TIMEOUT_MS = 20_000;

export type FunctionFactory = (get: (name: string) => string | undefined) => Handler;

export interface FunctionsRuntime {
  kind: 'deno' | 'node';
  /** Why the functions run in Node, when they do. */
  fallbackReason?: string;
  names: string[];
  /** Answers a request for function `name`; false when there is no such function. */
  serve(name: string, request: IncomingMessage, response: ServerResponse, origin: string): Promise<boolean>;
  /** The Deno process of each function (tests check what really runs). */
  processes(): { name: string; pid: number; bundle: string }[];
  /** Starts every function now, so the first customer does not wait for a cold start. */
  warm(): Promise<void>;
  stop(): Promise<void>;
}

export interface FunctionsRuntimeOptions {
  names: string[];
  /** Exactly the variables a hosted function sees (SUPABASE_URL, keys, the project's secrets). */
  env: Record<string, string>;
  /** Deno's cache (transpiled modules); kept between starts so a warm start is quick. */
  cacheDir: string;
  /** The same functions as Node handlers, for platforms without Deno. */
  nodeFactories: Record<string, FunctionFactory>;
  /** 'deno' | 'node' | undefined (Deno when it is installed). */
  prefer?: string;
  /** Extra headers on every function answer. */
  responseHeaders: Record<string, string>;
  log: (source: string) => (line: string) => void;
}

/** The Deno binary from npm's platform package (`@deno/linux-x64-glibc`, …), or null. */
export function denoBinary(): string | null {
  const require = createRequire(import.meta.url);
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const libc = process.platform === 'linux' ? '-glibc' : '';
  const executable = process.platform === 'win32' ? 'deno.exe' : 'deno';
  for (const pkg of [`@deno/${platform}-${process.arch}${libc}`, 'deno']) {
    try {
      const file = join(resolve(require.resolve(`${pkg}/package.json`), '..'), executable);
      if (existsSync(file)) return file;
    } catch {
      // not installed for this platform
    }
  }
  return null;
}

export async function startFunctionsRuntime(options: FunctionsRuntimeOptions): Promise<FunctionsRuntime> {
  const binary = options.prefer === 'node' ? null : denoBinary();
  if (!binary) {
    const reason = options.prefer === 'node' ? 'FUNCTIONS_RUNTIME=node' : `npm has no Deno binary for ${process.platform}-${process.arch}`;
    return nodeRuntime(options, reason);
  }
  const missing = options.names.filter((name) => !existsSync(join(BUNDLE_DIR, name, 'index.ts')));
  if (missing.length > 0) throw new Error(`Function bundles missing (${missing.join(', ')}): run npm run build:functions`);
  return denoRuntime(binary, options);
}

function nodeRuntime(options: FunctionsRuntimeOptions, reason: string): FunctionsRuntime {
  const handlers = new Map<string, Handler>();
  for (const name of options.names) {
    const factory = options.nodeFactories[name];
    if (factory)
      handlers.set(
        name,
        factory((variable) => options.env[variable]),
      );
  }
  return {
    kind: 'node',
    fallbackReason: reason,
    names: [...handlers.keys()],
    async serve(name, request, response, origin) {
      const handler = handlers.get(name);
      if (!handler) return false;
      await sendFetchResponse(response, await handler(await toFetchRequest(request, origin)), options.responseHeaders);
      return true;
    },
    processes: () => [],
    warm: async () => undefined,
    stop: async () => undefined,
  };
}

interface DenoFunction {
  name: string;
  bundle: string;
  child?: ChildProcess;
  /** Resolves with the port once the function listens; replaced when it restarts. */
  ready?: Promise<number>;
}

function denoRuntime(binary: string, options: FunctionsRuntimeOptions): FunctionsRuntime {
  mkdirSync(options.cacheDir, { recursive: true });
  let stopping = false;
  const functions = new Map<string, DenoFunction>(
    options.names.map((name) => [name, { name, bundle: join(BUNDLE_DIR, name, 'index.ts') }]),
  );

  const launch = (fn: DenoFunction): Promise<number> => {
    const log = options.log(`fn:${fn.name}`);
    const ready = (async () => {
      const port = await freePort();
      const child = spawn(
        binary,
        [
          'run',
          '--node-modules-dir=manual',
          '--no-remote',
          '--no-prompt',
          '--no-lock',
          '--allow-net',
          '--allow-env',
          '--allow-sys',
          `--preload=${PRELOAD}`,
          fn.bundle,
        ],
        {
          cwd: ROOT,
          // Only what a hosted function sees, plus where Deno caches and listens.
          env: {
            ...options.env,
            PATH: process.env.PATH ?? '',
            DENO_DIR: options.cacheDir,
            DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
            DENO_NO_UPDATE_CHECK: '1',
            NO_COLOR: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      fn.child = child;
      return new Promise<number>((resolveReady, reject) => {
        let output = '';
        const timer = setTimeout(
          () => reject(new Error(`${fn.name} did not start in ${START_TIMEOUT_MS / 1000} s: ${output.slice(-500)}`)),
          START_TIMEOUT_MS,
        );
        const onData = (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          for (const line of text.split('\n')) log(line.trimEnd());
          if (output.length < 20_000) output += text;
          if (output.includes(`Listening on http://127.0.0.1:${port}/`)) {
            clearTimeout(timer);
            resolveReady(port);
          }
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          if (fn.child === child) {
            fn.child = undefined;
            fn.ready = undefined;
          }
          if (!stopping) log(`exited (${signal ?? code}); it starts again on the next request`);
          reject(new Error(`${fn.name} exited (${signal ?? code}) before it listened: ${output.slice(-500)}`));
        });
      });
    })();
    fn.ready = ready;
    // A start that fails is retried by the next request, not remembered.
    ready.catch(() => {
      if (fn.ready === ready) fn.ready = undefined;
    });
    return ready;
  };

  const portOf = (fn: DenoFunction) => fn.ready ?? launch(fn);

  return {
    kind: 'deno',
    names: options.names,
    async serve(name, request, response) {
      const fn = functions.get(name);
      if (!fn) return false;
      // Read (and size-check) the body first, as the gateway does for every function.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
      const port = await portOf(fn);
      await proxy(port, request, body, response, options.responseHeaders);
      return true;
    },
    processes: () =>
      [...functions.values()].flatMap((fn) => (fn.child?.pid ? [{ name: fn.name, pid: fn.child.pid, bundle: fn.bundle }] : [])),
    async warm() {
      await Promise.all([...functions.values()].map((fn) => portOf(fn)));
    },
    async stop() {
      stopping = true;
      await Promise.all([...functions.values()].map((fn) => stopChild(fn.child)));
    },
  };
}

function proxy(
  port: number,
  request: IncomingMessage,
  body: Buffer | undefined,
  response: ServerResponse,
  extraHeaders: Record<string, string>,
): Promise<void> {
  return new Promise((resolveProxy, reject) => {
    const headers = { ...request.headers, host: `127.0.0.1:${port}` };
    delete headers['transfer-encoding'];
    if (body) headers['content-length'] = String(body.length);
    const upstream = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...extraHeaders, ...answer.headers });
      answer.pipe(response);
      answer.on('end', () => resolveProxy());
      answer.on('error', reject);
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
