import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts, prefetchProducts } from '../../src/features/catalog/fetch-products.ts';

const rows = [{ id: 'p1', name: 'Róża' }];

afterEach(() => vi.unstubAllGlobals());

describe('early catalogue request', () => {
  it('is taken by the first fetchProducts instead of a second request', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(rows), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    prefetchProducts();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await fetchProducts()).toEqual(rows);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Used once: the next refresh asks the server again.
    await fetchProducts();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early request failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify(rows), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    prefetchProducts();
    expect(await fetchProducts()).toEqual(rows);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
