import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type KwiaciarniaDb } from '../../src/lib/db.ts';
import { markFirstContent, resetFirstContentForTests } from '../../src/boot/triggers.ts';
import { useDeferredLiveQuery } from '../../src/lib/deferred-live-query.ts';

const countCart = (database: KwiaciarniaDb) => database.cartLines.count();

function CartCount({ start }: { start?: 'first-content' }) {
  const count = useDeferredLiveQuery(countCart, [], start);
  return <p data-testid="count">{count === undefined ? 'czekam' : String(count)}</p>;
}

afterEach(async () => {
  resetFirstContentForTests();
  await db.cartLines.clear();
});

describe('useDeferredLiveQuery', () => {
  it('loads the database on first use and follows later writes', async () => {
    render(<CartCount />);
    expect((await screen.findByText('0')).textContent).toBe('0');
    await act(() => db.cartLines.add({ key: 'p1', productId: 'p1', quantity: 1, addedAt: '2026-11-21T10:00:00Z' }));
    expect((await screen.findByText('1')).textContent).toBe('1');
  });

  it('waits for the page’s first content when asked to', async () => {
    render(<CartCount start="first-content" />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByTestId('count').textContent).toBe('czekam');
    act(() => markFirstContent());
    expect((await screen.findByText('0')).textContent).toBe('0');
  });
});
