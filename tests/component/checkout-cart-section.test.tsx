import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutCartSection } from '../../src/features/checkout/checkout-cart.tsx';
import { grosz } from '../../src/domain/money.ts';

const CART = { lines: [], subtotal: grosz(2490) };
const section = () => (
  <CheckoutCartSection cart={CART} needsAttention={false}>
    <p data-testid="lines-editor">Linie koszyka</p>
  </CheckoutCartSection>
);

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the checkout's cart", () => {
  it('renders the lines only once opened', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(section());
    document.body.append(container);
    expect(container.querySelector('[data-testid="lines-editor"]')).toBeNull();
  });

  it('shows the lines when it was opened on the server’s page before its code ran', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(section());
    document.body.append(container);
    // A tap on the summary before hydration: the browser opens it, no handler hears it.
    container.querySelector('details')!.open = true;
    await act(async () => {
      hydrateRoot(container, section());
    });
    expect(container.querySelector('[data-testid="lines-editor"]')?.textContent).toBe('Linie koszyka');
    expect(container.querySelector('details')!.open).toBe(true);
  });
});
