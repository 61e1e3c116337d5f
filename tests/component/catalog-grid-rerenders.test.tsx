import { useCallback, useState, type ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { sampleProducts } from '../../mocks/fixtures.ts';
import type { ProductRow } from '../../src/domain/product.ts';
import { ProductGrid } from '../../src/features/catalog/product-grid.tsx';
import { useContentStable } from '../../src/features/catalog/paced-rendering.ts';

/** Issue 22: a page of cards is re-rendered only when what the cards show changes. */

const sameRows = (previous: readonly ProductRow[], next: readonly ProductRow[]) =>
  previous.length === next.length && previous.every((row, index) => JSON.stringify(row) === JSON.stringify(next[index]));

let renderedCards = 0;
const renderAction = (product: ProductRow) => {
  renderedCards += 1;
  return <button type="button">Dodaj: {product.name}</button>;
};
const isFavourite = () => false;
const toggle = () => {};

/** A page whose data settles the way the catalogue's does: the same rows read back as new objects, unrelated state. */
function CatalogPage({ initial }: { initial: ProductRow[] }) {
  const [rows, setRows] = useState(initial);
  const [tick, setTick] = useState(0);
  const products = useContentStable(rows, sameRows);
  return (
    <>
      <button type="button" onClick={() => setTick(tick + 1)}>
        Coś innego: {tick}
      </button>
      <button type="button" onClick={() => setRows(rows.map((row) => structuredClone(row)))}>
        Te same dane
      </button>
      <button type="button" onClick={() => setRows(rows.map((row, index) => (index === 0 ? { ...row, price: row.price + 1 } : row)))}>
        Nowa cena
      </button>
      {/* A new favourites object on every render, as a hook returns it; its functions stay the same. */}
      <ProductGrid products={products} renderAction={renderAction} favourites={{ isFavourite, toggle }} label="Produkty" />
    </>
  );
}

/** The shop's list as it grows (the first screen, then the rest) and as the visitor hearts a card. */
function GrowingPage({ rows }: { rows: ProductRow[] }) {
  const [count, setCount] = useState(rows.length - 1);
  const [hearted, setHearted] = useState<string[]>([]);
  const isHearted = useCallback((productId: string) => hearted.includes(productId), [hearted]);
  return (
    <>
      <button type="button" onClick={() => setCount(rows.length)}>
        Reszta listy
      </button>
      <button type="button" onClick={() => setHearted([rows[1]!.id])}>
        Serce
      </button>
      <ProductGrid
        products={rows.slice(0, count)}
        renderAction={renderAction}
        favourites={{ isFavourite: isHearted, toggle }}
        label="Produkty"
      />
    </>
  );
}

async function renderPage(page: ReactNode) {
  const rootRoute = createRootRoute({ component: () => page });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findByRole('list', { name: 'Produkty' });
}

describe('catalogue grid re-renders', () => {
  it('skips the cards when the page re-renders for something else or the same rows come back as new objects', async () => {
    const initial = sampleProducts.slice(0, 4);
    renderedCards = 0;
    await renderPage(<CatalogPage initial={initial} />);
    expect(renderedCards).toBe(4);

    fireEvent.click(screen.getByRole('button', { name: /^Coś innego/ }));
    expect(screen.getByRole('button', { name: 'Coś innego: 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Te same dane' }));
    expect(renderedCards).toBe(4);

    // A real change (a price) renders the cards again.
    fireEvent.click(screen.getByRole('button', { name: 'Nowa cena' }));
    expect(renderedCards).toBe(8);
  });

  it('renders only the cards that come when the list grows, and only the card hearted', async () => {
    const rows = sampleProducts.slice(0, 3);
    renderedCards = 0;
    await renderPage(<GrowingPage rows={rows} />);
    expect(renderedCards).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Reszta listy' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(renderedCards).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: 'Serce' }));
    expect(renderedCards).toBe(4);
  });
});
