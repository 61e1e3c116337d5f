import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'public/admin.webmanifest'), 'utf8')) as {
  id: string;
  start_url: string;
  scope: string;
  display: string;
};

describe('the back office app manifest (public/admin.webmanifest)', () => {
  it("opens the installed app on today's 'Realizacja' (no date: the day view shows the shop's today)", () => {
    expect(manifest.start_url).toBe('/admin/realizacja');
    // A route file of that path exists, so the app does not open on a 404.
    expect(existsSync(resolve(root, 'src/routes/admin/realizacja.tsx'))).toBe(true);
  });

  it('stays the same app for existing installs (id) and keeps to the back office (scope)', () => {
    expect(manifest.id).toBe('/admin');
    expect(manifest.scope).toBe('/admin');
    // Outside its scope, a browser would ignore the start_url and open the scope instead.
    expect(manifest.start_url.startsWith(`${manifest.scope}/`)).toBe(true);
    expect(manifest.display).toBe('standalone');
  });
});
