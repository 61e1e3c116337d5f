import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { publicSettingsSnapshot, resetPublicSettingsForTests, subscribePublicSettings } from '../../src/lib/public-settings.ts';
import { PUBLIC_SETTINGS_STORAGE_KEY } from '../../src/lib/shop-name.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

/** Counts the browser's asks for the settings; answers with `name`. */
function countSettingsRequests(name: string): { count: number } {
  const asked = { count: 0 };
  server.use(
    http.get('*/rest/v1/public_settings', () => {
      asked.count += 1;
      return HttpResponse.json([{ key: 'company_name', value: name }]);
    }),
  );
  return asked;
}

function servePageSettings(rows: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'public-settings';
  block.textContent = JSON.stringify(rows);
  document.body.append(block);
}

afterEach(() => {
  document.getElementById('public-settings')?.remove();
  resetPublicSettingsForTests();
});

describe('the public settings a page starts with', () => {
  it("keeps a server-rendered page's settings on the device and does not ask for them again", async () => {
    servePageSettings([{ key: 'company_name', value: 'Kwiaciarnia z serwera' }]);
    resetPublicSettingsForTests();
    const asked = countSettingsRequests('Kwiaciarnia z sieci');

    const stop = subscribePublicSettings(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();

    expect(asked.count).toBe(0);
    expect(publicSettingsSnapshot().company_name).toBe('Kwiaciarnia z serwera');
    expect(JSON.parse(window.localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      company_name: 'Kwiaciarnia z serwera',
    });
  });

  it('asks the backend once on a page the server did not render', async () => {
    resetPublicSettingsForTests();
    const asked = countSettingsRequests('Kwiaciarnia z sieci');

    const stop = subscribePublicSettings(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscribePublicSettings(() => {})();
    stop();

    expect(asked.count).toBe(1);
    expect(publicSettingsSnapshot().company_name).toBe('Kwiaciarnia z sieci');
  });
});
