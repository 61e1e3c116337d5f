import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { renderRoute } from './render-route.tsx';

/** Lets the home page's code load and its requests settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('home page seasonal prompt, drawn by the browser', () => {
  it("asks the server's date and the peak days, never the device's clock, and leads to the filtered shop", async () => {
    // The hero asks for its own photo the same way.
    const asked: string[] = [];
    server.use(
      http.get('*/rest/v1/rpc/shop_today', () => HttpResponse.json('2027-02-01')),
      http.get('*/rest/v1/public_settings', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('key') ?? '');
        return HttpResponse.json([{ key: 'delivery_peak_days', value: '14.02, 08.03' }]);
      }),
    );
    await renderRoute('/');

    const prompt = await screen.findByTestId('season-prompt');
    expect(prompt.textContent).toContain('Walentynki — zamów kwiaty na 14 lutego');
    expect(prompt.querySelector('a')?.getAttribute('href')).toBe('/shop?category=live-flowers');
    expect(asked).toContain('eq.delivery_peak_days');
  });

  it('shows none far from every peak day, and none without the server', async () => {
    server.use(http.get('*/rest/v1/rpc/shop_today', () => HttpResponse.json('2027-07-01')));
    const first = await renderRoute('/');
    await screen.findByRole('region', { name: 'Wybierz kategorię' });
    await settle();
    expect(screen.queryByTestId('season-prompt')).toBeNull();
    first.unmount();

    server.use(
      http.get('*/rest/v1/rpc/shop_today', () => HttpResponse.error()),
      http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'delivery_peak_days', value: '14.02' }])),
    );
    await renderRoute('/');
    await screen.findByRole('region', { name: 'Wybierz kategorię' });
    await settle();
    expect(screen.queryByTestId('season-prompt')).toBeNull();
  });
});
