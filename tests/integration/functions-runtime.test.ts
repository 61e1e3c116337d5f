import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { denoBinary, startFunctionsRuntime, type FunctionsRuntime } from '../../server/local-backend/functions/runtime.ts';
import { testBackend } from '../support/test-backend.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'functions-runtime-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function procText(pid: number, file: 'cmdline' | 'environ'): string[] {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  return check();
}

/** A runtime of its own, behind a bare HTTP server, so killing its processes disturbs no other test. */
async function ownRuntime(): Promise<{ runtime: FunctionsRuntime; url: string; server: Server }> {
  const runtime = await startFunctionsRuntime({
    names: ['calculate-delivery'],
    env: { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' },
    cacheDir: join(scratch, 'deno'),
    nodeFactories: {},
    responseHeaders: { 'X-Test': 'runtime' },
    log: () => () => undefined,
  });
  const server = createServer((request, response) => {
    void runtime.serve('calculate-delivery', request, response, 'http://localhost').catch(() => {
      response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { runtime, url: `http://127.0.0.1:${port}/functions/v1/calculate-delivery`, server };
}

describe('Edge Functions run in Deno, from the bundles that deploy', () => {
  it('has a Deno binary from npm on this platform', () => {
    expect(denoBinary()).toMatch(/deno$/);
  });

  it('serves every declared function from its own Deno process running its bundle, with only a hosted function’s environment', () => {
    const { functions } = testBackend();
    expect(functions.kind).toBe('deno');
    expect(functions.processes.map((entry) => entry.name).sort()).toEqual([
      'calculate-delivery',
      'create-payment',
      'create-payu-classic-payment',
      'delivery-availability',
      'ksef-send',
      'mail-dispatch',
      'order-link-request',
      'order-page',
      'owner-invoices',
      'owner-order',
      'owner-payments',
      'payment-notification',
      'payments-reconcile',
      'payu-notify',
      'place-order',
      'push-devices',
      'push-dispatch',
      'revoke-order-links',
      'send-contact-email',
      'stripe-webhook',
      'withdrawal-request',
    ]);
    for (const { name, pid } of functions.processes) {
      const command = procText(pid, 'cmdline');
      expect(command[0], name).toBe(denoBinary());
      expect(command.at(-1), name).toBe(join(ROOT, 'supabase', 'functions', name, 'index.ts'));
      const variables = new Map(
        procText(pid, 'environ').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
      );
      expect(variables.get('SUPABASE_URL'), name).toBe(testBackend().url);
      for (const required of ['SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'])
        expect(variables.has(required), `${name} ${required}`).toBe(true);
      // Not the developer's environment: the test runner's own variables never reach a function.
      expect(variables.has('NODE_OPTIONS'), name).toBe(false);
      expect(variables.has('VITEST'), name).toBe(false);
    }
  });

  it('answers through the function’s Deno process, and starts it again after it dies', async () => {
    const { runtime, url, server } = await ownRuntime();
    try {
      await runtime.warm();
      const [first] = runtime.processes();
      expect(first?.name).toBe('calculate-delivery');
      const preflight = await fetch(url, { method: 'OPTIONS' });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('x-test')).toBe('runtime');
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

      process.kill(first!.pid, 'SIGKILL');
      expect(await waitUntil(() => runtime.processes().length === 0, 5000)).toBe(true);
      const again = await fetch(url, { method: 'OPTIONS' });
      expect(again.status).toBe(200);
      const [second] = runtime.processes();
      expect(second?.pid).toBeTypeOf('number');
      expect(second?.pid).not.toBe(first?.pid);
    } finally {
      server.close();
      const pids = runtime.processes().map((entry) => entry.pid);
      await runtime.stop();
      for (const pid of pids) expect(alive(pid)).toBe(false);
    }
  });

  it('leaves no function process behind when the backend is killed outright', async () => {
    const script = `
      import { startFunctionsRuntime } from ${JSON.stringify(join(ROOT, 'server', 'local-backend', 'functions', 'runtime.ts'))};
      const runtime = await startFunctionsRuntime({
        names: ['calculate-delivery'],
        env: { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's' },
        cacheDir: ${JSON.stringify(join(scratch, 'deno-orphan'))},
        nodeFactories: {}, responseHeaders: {}, log: () => () => undefined,
      });
      await runtime.warm();
      console.log('PIDS ' + JSON.stringify(runtime.processes().map((entry) => entry.pid)));
      setInterval(() => undefined, 1000);
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pids = await new Promise<number[]>((resolvePids, reject) => {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /PIDS (\[.*\])/.exec(output);
        if (match?.[1]) resolvePids(JSON.parse(match[1]) as number[]);
      });
      parent.once('exit', () => reject(new Error(`runtime script exited early: ${output}`)));
    });
    expect(pids).toHaveLength(1);
    expect(alive(pids[0]!)).toBe(true);
    parent.kill('SIGKILL');
    expect(await waitUntil(() => !alive(pids[0]!), 10_000)).toBe(true);
  });

  it('runs the same handlers in Node, and says so, where there is no Deno', async () => {
    const runtime = await startFunctionsRuntime({
      names: ['echo'],
      env: { GREETING: 'dzień dobry' },
      cacheDir: join(scratch, 'unused'),
      nodeFactories: { echo: (get) => async () => new Response(get('GREETING') ?? 'brak') },
      prefer: 'node',
      responseHeaders: {},
      log: () => () => undefined,
    });
    expect(runtime.kind).toBe('node');
    expect(runtime.fallbackReason).toBe('FUNCTIONS_RUNTIME=node');
    const server = createServer((request, response) => void runtime.serve('echo', request, response, 'http://localhost'));
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen()));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await (await fetch(`http://127.0.0.1:${port}/functions/v1/echo`)).text()).toBe('dzień dobry');
    } finally {
      server.close();
    }
  });
});
