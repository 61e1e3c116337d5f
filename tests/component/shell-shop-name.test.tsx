import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { PUBLIC_SETTINGS_STORAGE_KEY } from '../../src/lib/shop-name.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

describe("the header's shop name", () => {
  it('shows the stored name at once, then the one the backend has now', async () => {
    window.localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify({ company_name: 'Kwiaciarnia Zapamiętana' }));
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'company_name', value: 'Kwiaciarnia Nowa' }])));

    await renderRoute('/about');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Kwiaciarnia Zapamiętana')).toBeTruthy();

    // The settings' code and request come after the page's first content.
    await within(header).findByText('Kwiaciarnia Nowa');
    await waitFor(() => expect(within(screen.getByRole('contentinfo')).getAllByText(/Kwiaciarnia Nowa/).length).toBe(2));
  });
});
