import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFunctionBundles, functionNames } from '../../scripts/build-functions.ts';
import { readDeclaredFunctions } from '../../server/local-backend/functions/config.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'function-bundles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('function bundles (what supabase functions deploy uploads)', () => {
  it('builds one bundle per function that imports nothing but npm: specifiers', async () => {
    const bundles = await buildFunctionBundles({ outDir: join(scratch, 'out') });
    expect(bundles.map((bundle) => bundle.name)).toEqual(functionNames());
    expect(bundles.length).toBeGreaterThanOrEqual(6);
    for (const bundle of bundles) {
      expect(bundle.imports.length, bundle.name).toBeGreaterThan(0);
      for (const specifier of bundle.imports) expect(specifier, bundle.name).toMatch(/^(npm|jsr):/);
      const code = readFileSync(bundle.file, 'utf8');
      // No relative import survives: the bundle stands alone in its folder.
      expect(code, bundle.name).not.toMatch(/\bfrom\s+["']\.{1,2}\//);
      expect(code, bundle.name).toContain('Deno.serve(');
    }
  });

  it('never contains the local payment simulator', async () => {
    const bundles = await buildFunctionBundles({ outDir: join(scratch, 'no-simulator') });
    for (const bundle of bundles) {
      const code = readFileSync(bundle.file, 'utf8');
      expect(code, bundle.name).not.toContain('createPaymentSimulatorHandler');
      expect(code, bundle.name).not.toContain('Symulator');
    }
  });

  it('refuses a function that imports local-only code or a package outside the import map', async () => {
    // Inside the repository, so that a relative import really reaches server/.
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const sources = mkdtempSync(join(ROOT, '.tmp', 'functions-'));
    try {
      mkdirSync(join(sources, 'reaches-server'));
      writeFileSync(
        join(sources, 'reaches-server', 'index.ts'),
        "import { freePort } from '../../../server/local-backend/process-utils.ts';\nDeno.serve(async () => new Response(String(await freePort())));\n",
      );
      await expect(buildFunctionBundles({ sourceDir: sources, outDir: join(scratch, 'bad-1') })).rejects.toThrow(/local-only/);
      rmSync(join(sources, 'reaches-server'), { recursive: true });
      mkdirSync(join(sources, 'unmapped'));
      writeFileSync(join(sources, 'unmapped', 'index.ts'), "import pg from 'pg';\nDeno.serve(() => new Response(String(pg)));\n");
      await expect(buildFunctionBundles({ sourceDir: sources, outDir: join(scratch, 'bad-2') })).rejects.toThrow(
        /not in functions\/deno.json/,
      );
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  });

  it('config.toml declares exactly the bundled functions, at the bundle paths, with verify_jwt off', () => {
    const declared = readDeclaredFunctions();
    expect(declared.map((fn) => fn.name).sort()).toEqual(functionNames());
    for (const fn of declared) {
      expect(fn.entrypoint, fn.name).toBe(`./functions/${fn.name}/index.ts`);
      // Each function authenticates in code (Supabase: verify_jwt is incompatible with asymmetric keys).
      expect(fn.verifyJwt, fn.name).toBe(false);
    }
    expect(declared.map((fn) => fn.name)).not.toContain('payment-simulator');
  });
});
