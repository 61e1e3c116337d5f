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
      dynamicImports: [
        'assets/admin.js',
        'assets/supabase.js',
        'assets/shop.js',
        'assets/about.js',
        'assets/account-menu.js',
        'assets/checkout.js',
      ],
      moduleIds: ['/app/src/main.tsx'],
    }),
    chunk({
      fileName: 'assets/shop.js',
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/shop.tsx?tsr-split=component',
      imports: ['assets/shared.js'],
      moduleIds: ['/app/src/routes/shop.tsx'],
    }),
    chunk({
      fileName: 'assets/about.js',
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/about.tsx?tsr-split=component',
      imports: ['assets/shared.js', 'assets/about-map.js'],
      moduleIds: ['/app/src/routes/about.tsx'],
    }),
    chunk({
      fileName: 'assets/account-menu.js',
      isDynamicEntry: true,
      facadeModuleId: '/app/src/features/shell/account-menu.tsx',
      imports: ['assets/shared.js', 'assets/menu-library.js'],
      moduleIds: ['/app/src/features/shell/account-menu.tsx'],
    }),
    chunk({
      fileName: 'assets/checkout.js',
      isDynamicEntry: true,
      facadeModuleId: '/app/src/routes/checkout.index.tsx?tsr-split=component',
      imports: ['assets/shared.js', 'assets/form-library.js', 'assets/about-map.js'],
      dynamicImports: ['assets/account-menu.js'],
      moduleIds: ['/app/src/routes/checkout.index.tsx'],
    }),
    chunk({ fileName: 'assets/form-library.js', moduleIds: ['/app/node_modules/@tanstack/form-core/index.js'] }),
    chunk({ fileName: 'assets/menu-library.js', moduleIds: ['/app/node_modules/@headlessui/react/menu.js'] }),
    chunk({ fileName: 'assets/shared.js', moduleIds: ['/app/src/lib/shared.ts'] }),
    chunk({ fileName: 'assets/about-map.js', moduleIds: ['/app/src/features/about/map.tsx'] }),
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
    expect(emitted.map((file) => file.fileName)).toEqual(['admin-assets.json', 'storefront-ordering.json', 'storefront-later.json']);
    expect(JSON.parse(emitted[0]!.source)).toEqual(files.sort().map((file) => `/${file}`));
  });

  it('leaves for a later visit what only the other storefront routes need, and writes it to storefront-later.json', () => {
    const { precache, emitted } = split();
    // The shop is a first visit's next page; what it shares with another route stays in the precache too.
    // The account menu does nothing offline (signing in): it and the library only it uses come later as well.
    const later = ['assets/about.js', 'assets/account-menu.js', 'assets/menu-library.js'];
    expect([...precache.laterFiles()].sort()).toEqual(later);
    expect(JSON.parse(emitted[2]!.source)).toEqual(later.map((file) => `/${file}`));
    // The precache leaves out all three lists.
    expect([...precache.leftOutOfPrecache()].sort()).toEqual(
      [...precache.ownerDeviceFiles(), ...precache.orderingFiles(), ...precache.laterFiles()].sort(),
    );
  });

  it('lists the way to order apart: what the checkout needs beyond the first visit, also what it shares with a later route', () => {
    const { precache, emitted } = split();
    // The account menu it may open needs the network: it stays with the later visit's files.
    const ordering = ['assets/about-map.js', 'assets/checkout.js', 'assets/form-library.js'];
    expect([...precache.orderingFiles()].sort()).toEqual(ordering);
    expect(JSON.parse(emitted[1]!.source)).toEqual(ordering.map((file) => `/${file}`));
  });

  it('refuses to give the precache step a list before the bundle is split', () => {
    expect(() => precacheSplit().ownerDeviceFiles()).toThrow(/admin-assets\.json/);
  });
});
