import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogProducts } from '../../mocks/fixtures.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { ProductPage } from '../../src/features/catalog/product-page.tsx';
import { renderInRouter, renderRoute, serveCatalog } from './render-route.tsx';

/** The product page's withdrawal note and 'Informacje o bezpieczeństwie produktu' (issue 19). */

const byName = (name: string): ProductRow => catalogProducts.find((product) => product.name === name)!;
const ROSES = byName('Bukiet czerwonych róż');
const CANDLE = byName('Znicz czerwony klasyczny');

const SAFETY = {
  manufacturer_name: 'Wytwórnia Zniczy sp. z o.o.',
  manufacturer_address: 'ul. Szklana 1\n37-700 Przemyśl',
  manufacturer_contact: 'biuro@znicze.example',
  safety_warnings: 'Nie zostawiaj palącego się znicza bez nadzoru.',
};

async function showProduct(product: ProductRow) {
  await renderInRouter(
    <ProductPage id={product.id} products={[product]} status="ready" onRetry={() => undefined} renderPurchase={() => null} />,
  );
  await screen.findByRole('heading', { level: 1, name: product.name });
}

const safetySection = () => screen.queryByRole('region', { name: 'Informacje o bezpieczeństwie produktu' });

describe('product page: withdrawal right', () => {
  it('marks live flowers as without the right, with the reason and the way to the terms', async () => {
    await showProduct(ROSES);
    const note = screen.getByTestId('withdrawal-note');
    expect(within(note).getByText('Nie podlega zwrotowi')).toBeTruthy();
    expect(note.textContent).toContain('Kwiaty żywe szybko tracą świeżość');
    expect(note.textContent).toContain('art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta');
    expect(within(note).getByRole('link', { name: 'Zasady w regulaminie' }).getAttribute('href')).toBe('/terms#prawo-odstapienia');
  });

  it('gives a candle the 14 days, and a per-product setting takes them away with its own reason', async () => {
    await showProduct(CANDLE);
    expect(screen.getByTestId('withdrawal-note').textContent).toContain('Możesz odstąpić od umowy w ciągu 14 dni od otrzymania towaru.');
    expect(screen.queryByText('Nie podlega zwrotowi')).toBeNull();
  });

  it('a product set to “made to the customer’s specification” is marked with art. 38 ust. 1 pkt 3', async () => {
    await showProduct({ ...CANDLE, withdrawal_rule: 'personalised' });
    const note = screen.getByTestId('withdrawal-note');
    expect(within(note).getByText('Nie podlega zwrotowi')).toBeTruthy();
    expect(note.textContent).toContain('art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta');
  });

  it('a returnable wreath says a ribbon with the customer’s text takes the right away', async () => {
    await showProduct({ ...CANDLE, name: 'Wieniec z chryzantem', category: 'artificial-flowers' });
    const note = screen.getByTestId('withdrawal-note').textContent;
    expect(note).toContain('Możesz odstąpić od umowy w ciągu 14 dni');
    expect(note).toContain('szarfą z Twoim napisem');
    expect(note).toContain('art. 38 ust. 1 pkt 3');
  });
});

describe('product page: product safety (GPSR)', () => {
  it('lists the manufacturer, address, contact and warnings of a candle', async () => {
    await showProduct({ ...CANDLE, ...SAFETY });
    const section = safetySection()!;
    expect(within(section).getByRole('heading', { level: 2, name: 'Informacje o bezpieczeństwie produktu' })).toBeTruthy();
    const terms = within(section)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const definitions = within(section)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(terms).toEqual(['Producent', 'Adres producenta', 'Kontakt do producenta', 'Ostrzeżenia i informacje o bezpieczeństwie']);
    expect(definitions).toEqual([
      SAFETY.manufacturer_name,
      SAFETY.manufacturer_address,
      SAFETY.manufacturer_contact,
      SAFETY.safety_warnings,
    ]);
  });

  it('shows none for live flowers, even with details stored', async () => {
    await showProduct({ ...ROSES, ...SAFETY });
    expect(safetySection()).toBeNull();
    expect(screen.queryByText(SAFETY.manufacturer_name)).toBeNull();
  });

  it('shows none for a candle without details (a copy stored before the columns existed)', async () => {
    await showProduct(CANDLE);
    expect(safetySection()).toBeNull();
  });

  it('on /product/$id the section comes from the catalog the backend sends', async () => {
    serveCatalog([{ ...CANDLE, ...SAFETY }, ROSES]);
    await renderRoute(`/product/${CANDLE.id}`);
    await screen.findByRole('heading', { level: 1, name: CANDLE.name });
    expect(await screen.findByRole('region', { name: 'Informacje o bezpieczeństwie produktu' })).toBeTruthy();
    expect(screen.getByText(SAFETY.manufacturer_name)).toBeTruthy();
  });
});
