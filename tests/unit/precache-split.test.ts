import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { precacheSplit } from '../../build/vite-plugins/precache-split.ts';

interface FakeChunk {
  fileName: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  facadeModuleId?: string;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds: string[];
}

function chunk({ imports = [], dynamicImports = [], isEntry = false, isDynamicEntry = false, ...rest }: FakeChunk) {
  return { type: 'chunk', name: rest.fileName, code: '', imports, dynamicImports, isEntry, isDynamicEntry, facadeModuleId: null, ...rest };
}

const bundle = Object.fromEntries(
  [
    chunk({
      fileName: 'assets/index.js',
      isEntry: true,
      dynamicImports: ['assets/admin.js', 'assets/supabase.js'],
      moduleIds: ['/app/src/main.tsx'],
    }),
    chunk({
      fileName: 'assets/admin.js',
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/admin.tsx?tsr-split=component',
      imports: ['assets/admin-ui.js'],
      moduleIds: ['/app/src/routes/admin.tsx'],
    }),
    chunk({ fileName: 'assets/admin-ui.js', moduleIds: ['/app/src/features/admin/ui.tsx'] }),
    chunk({ fileName: 'assets/supabase.js', isDynamicEntry: true, moduleIds: ['/app/node_modules/@supabase/supabase-js/index.js'] }),
  ].map((file) => [file.fileName, file]),
) as unknown as Rolldown.OutputBundle;

/** Runs the plugin's generateBundle over `bundle`, answering what it emitted. */
function split() {
  const precache = precacheSplit();
  const emitted: { fileName: string; source: string }[] = [];
  const hook = precache.plugin.generateBundle;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  const context = { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) };
  Reflect.apply(handler!, context, [{}, bundle, false]);
  return { precache, emitted };
}

describe('the precache split', () => {
  it('hands the precache step the same list it writes to admin-assets.json', () => {
    const { precache, emitted } = split();
    const files = [...precache.ownerDeviceFiles()];
    expect(files).toEqual(expect.arrayContaining(['assets/admin.js', 'assets/admin-ui.js', 'assets/supabase.js']));
    expect(files).not.toContain('assets/index.js');
    expect(emitted.map((file) => file.fileName)).toEqual(['admin-assets.json']);
    expect(JSON.parse(emitted[0]!.source)).toEqual(files.sort().map((file) => `/${file}`));
  });

  it('refuses to give the precache step a list before the bundle is split', () => {
    expect(() => precacheSplit().ownerDeviceFiles()).toThrow(/admin-assets\.json/);
  });
});
