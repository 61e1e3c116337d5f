import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { DELIVERY_COST_UNKNOWN_MESSAGE, EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import { fromPln } from '../../src/domain/money.ts';
import { CHECKOUT_DRAFT_META_KEY, loadCheckoutDraft } from '../../src/features/checkout/checkout-draft.ts';
import { CheckoutForm } from '../../src/features/checkout/checkout-form.tsx';
import type { CheckoutCart, CheckoutLine } from '../../src/features/checkout/checkout-model.ts';
import { CheckoutPage } from '../../src/features/checkout/checkout-page.tsx';
import { submitOrder } from '../../src/features/orders-sync/submit-order.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { inDays, serveAvailability, standardAnswer } from './delivery-availability-fixture.ts';
import { renderInRouter, withBackendMetaAndConsent } from './render-route.tsx';
import { CHECKOUT_DELIVERY } from '../../src/routes/-checkout-delivery.ts';

withBackendMetaAndConsent();

function line(productId: string, name: string, price: number, quantity: number, category: CheckoutLine['category']): CheckoutLine {
  const unitPrice = fromPln(price);
  return {
    key: productId,
    productId,
    sizeId: null,
    sizeLabel: null,
    name,
    quantity,
    unitPrice,
    lineTotal: fromPln(price * quantity),
    availability: 'available',
    available: true,
    category,
  };
}

const CANDLES = line('1547809e-0305-46b3-a282-b3230c221da1', 'Znicz szklany „Anioł”', 24.9, 2, 'candles');
const ROSES = line('811546a5-832e-49cf-b3c0-9e29122b2d96', 'Bukiet czerwonych róż', 189, 1, 'live-flowers');

function cartOf(...lines: CheckoutLine[]): CheckoutCart {
  return { lines, subtotal: fromPln(lines.reduce((sum, l) => sum + (l.lineTotal as number) / 100, 0)) };
}

const FILLED: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phone: '+48 600 100 200',
  // Store pickup (the default) is booked for a day and an hour the availability answer offers.
  deliveryDate: inDays(1),
  pickupTime: '12:00',
};

async function renderForm(
  options: {
    cart?: CheckoutCart;
    initial?: CheckoutFormValues;
    onTransferPlaced?: (n: string) => void;
    onQueued?: (n: string) => void;
    cartEditor?: (lineNotes: Readonly<Record<string, string>>) => ReactNode;
  } = {},
) {
  const onTransferPlaced = options.onTransferPlaced ?? vi.fn();
  await renderInRouter(
    <CheckoutForm
      delivery={CHECKOUT_DELIVERY}
      cart={options.cart ?? cartOf(CANDLES)}
      cartEditor={options.cartEditor ?? (() => <p>tabela koszyka</p>)}
      initialValues={options.initial ?? EMPTY_CHECKOUT_FORM}
      getAccessToken={async () => null}
      onTransferPlaced={onTransferPlaced}
      submitOrder={submitOrder}
      onQueued={options.onQueued ?? (() => {})}
    />,
  );
  return { onTransferPlaced };
}

async function fillAddress(user: UserEvent, city: string, postalCode: string) {
  await user.type(screen.getByLabelText('Ulica'), 'Zamkowa');
  await user.type(screen.getByLabelText('Numer domu'), '5');
  await user.type(screen.getByLabelText('Kod pocztowy'), postalCode);
  await user.type(screen.getByLabelText('Miasto / miejscowość'), city);
}

beforeEach(async () => {
  resetPublicSettingsForTests();
  resetAvailabilityForTests();
  serveAvailability(standardAnswer());
  await db.meta.clear();
  await db.outbox.clear();
});

describe('checkout form', () => {
  it('marks the line the shop refused for stock, says what is left, and keeps everything typed', async () => {
    const note = 'Dostępne są tylko 1 szt. produktu „Znicz szklany „Anioł””';
    server.use(
      http.post('*/functions/v1/place-order', () =>
        HttpResponse.json(
          {
            error: 'insufficient_stock',
            message: `${note}. Zmień ilość w koszyku i spróbuj ponownie.`,
            fields: { [CANDLES.productId]: note },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderForm({
      initial: { ...FILLED, paymentMethod: 'blik' },
      cartEditor: (notes) => <p data-testid="editor-note">{notes[CANDLES.productId] ?? ''}</p>,
    });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));

    expect((await screen.findByRole('alert')).textContent).toContain(`${note}. Zmień ilość w koszyku`);
    expect((await screen.findByTestId('editor-note')).textContent).toBe(note);
    expect((screen.getByLabelText('Imię', { exact: true }) as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('anna@example.pl');
    expect((screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("reads the owner's free-shipping threshold of '1 000' as 1000 zł, as place-order does", async () => {
    server.use(http.get('*/rest/v1/public_settings', () => HttpResponse.json([{ key: 'free_shipping_threshold', value: '1 000' }])));
    const user = userEvent.setup();
    await renderForm({ cart: cartOf(line(CANDLES.productId, CANDLES.name, 24.9, 17, 'candles')), initial: FILLED });
    await user.click(screen.getByRole('radio', { name: /InPost/ }));
    await waitFor(() => expect(screen.getByTestId('checkout-shipping').textContent).not.toMatch(/^0,00/));
    expect(screen.getByTestId('checkout-shipping').textContent).toMatch(/^\d+,\d{2}\u00a0zł$/);
  });

  it('shows every missing-field message joined with commas, and each beside its field', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    const alert = await screen.findByTestId('checkout-error');
    expect(alert.textContent).toBe(
      'Imię jest wymagane, Nazwisko jest wymagane, Adres e-mail jest wymagany, Telefon jest wymagany, Wybierz dzień, Wybierz godzinę odbioru',
    );
    expect(screen.getByLabelText('Imię').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Telefon jest wymagany', { selector: 'p[id$="-error"]' })).toBeTruthy();
  });

  it('checks formats: email, phone, name length and the postal code when the order ships', async () => {
    const user = userEvent.setup();
    await renderForm({ initial: { ...EMPTY_CHECKOUT_FORM, deliveryMethod: 'inpost' } });
    await user.type(screen.getByLabelText('Imię'), 'A');
    await user.type(screen.getByLabelText('Nazwisko'), 'Nowak');
    await user.type(screen.getByLabelText('E-mail'), 'anna@');
    await user.type(screen.getByLabelText('Telefon'), '12ab');
    await user.type(screen.getByLabelText('Kod pocztowy'), '37700');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    const alert = await screen.findByTestId('checkout-error');
    expect(alert.textContent).toBe(
      [
        'Imię musi mieć co najmniej 2 znaki',
        'Nieprawidłowy format adresu e-mail',
        'Nieprawidłowy format telefonu (użyj formatu: +48 123 456 789)',
        'Ulica jest wymagana',
        'Numer domu jest wymagany',
        'Miasto jest wymagane',
        'Kod pocztowy powinien być w formacie XX-XXX',
      ].join(', '),
    );
  });

  it('offers only pickup and local delivery when the cart holds live flowers', async () => {
    await renderForm({ cart: cartOf(ROSES, CANDLES) });
    expect((screen.getByRole('radio', { name: /InPost Paczkomat/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Dostawa do domu/ }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /Odbiór osobisty/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('quotes home delivery for the address, adds it to the total and enables ordering only then', async () => {
    const quoted = vi.fn();
    server.use(
      http.post('*/functions/v1/calculate-delivery', async ({ request }) => {
        quoted(await request.json());
        return HttpResponse.json({
          distance: 19.8,
          cost: 71.28,
          formattedDistance: '19,8 km',
          formattedDuration: 'ok. 24 min',
          estimated: true,
        });
      }),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('radio', { name: /Dostawa do domu/ }));
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement;
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('delivery-quote').textContent).toContain('Uzupełnij adres dostawy, aby obliczyć koszt');
    await fillAddress(user, 'Krasiczyn', '37-741');
    await waitFor(() => expect(screen.getByTestId('delivery-quote').textContent).toContain('71,28'), { timeout: 3000 });
    expect(quoted).toHaveBeenCalledTimes(1);
    expect(quoted.mock.calls[0]?.[0]).toMatchObject({ destination_address: 'Zamkowa 5, 37-741 Krasiczyn' });
    expect(screen.getByTestId('delivery-quote').textContent).toContain('szacunkowa');
    expect(screen.getByTestId('checkout-total').textContent?.replace(/\s/g, ' ')).toBe('121,08 zł');
    expect(submit.getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByTestId('checkout-blocker')).toBeNull();
  });

  it('shows the server’s refusal for an address outside the area and keeps ordering disabled', async () => {
    server.use(
      http.post('*/functions/v1/calculate-delivery', () =>
        HttpResponse.json({ error: 'outside_delivery_area', message: 'Poza terenem dostaw' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('radio', { name: /Dostawa na cmentarz/ }));
    await user.type(screen.getByLabelText('Nazwa cmentarza'), 'Cmentarz Rakowicki');
    await user.type(screen.getByLabelText('Kod pocztowy'), '30-001');
    await user.type(screen.getByLabelText('Miejscowość'), 'Kraków');
    expect(await screen.findByText('Poza terenem dostaw', {}, { timeout: 3000 })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(submit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(DELIVERY_COST_UNKNOWN_MESSAGE);
    // Pressing it leads to the address the quote refused.
    await user.click(submit);
    expect(document.activeElement).toBe(screen.getByLabelText('Miejscowość'));
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('do wyceny');
  });

  it('marks a malformed postal code beside it once left, and the unavailable button says what is missing and leads there', async () => {
    const placed = vi.fn();
    server.use(
      http.post('*/functions/v1/place-order', () => {
        placed();
        return HttpResponse.json({ error: 'unexpected' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('radio', { name: /Dostawa do domu/ }));
    await user.type(screen.getByLabelText('Ulica'), 'Zamkowa');
    const postal = screen.getByLabelText('Kod pocztowy');
    await user.type(postal, '3770');
    // Quiet while typing, said as soon as the field is left.
    expect(postal.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('Miasto / miejscowość'), 'Przemyśl');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(postal.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Kod pocztowy powinien być w formacie XX-XXX',
    );
    expect(screen.getByTestId('delivery-quote').textContent).toContain('Uzupełnij adres dostawy, aby obliczyć koszt');

    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(submit.className).toContain('aria-disabled:bg-cream-200');
    const note = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Aby złożyć zamówienie, uzupełnij: numer domu i popraw: kod pocztowy');

    await user.click(submit);
    const houseNumber = screen.getByLabelText('Numer domu');
    await waitFor(() => expect(document.activeElement).toBe(houseNumber));
    expect(houseNumber.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(houseNumber.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Numer domu jest wymagany');
    expect(placed).not.toHaveBeenCalled();

    await user.type(houseNumber, '5');
    await user.clear(postal);
    await user.type(postal, '37-700');
    expect(screen.queryByTestId('checkout-blocker')?.textContent ?? '').not.toContain('kod pocztowy');
    expect(postal.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks to confirm a transfer order, can go back, and places it once on confirmation', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/functions/v1/place-order', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            order: {
              id: 'o-1',
              orderNumber: 'KT111222333',
              status: 'pending',
              subtotal: 49.8,
              shippingCost: 0,
              total: 49.8,
              createdAt: '2026-11-21T10:00:00Z',
              clientRequestId: 'x',
            },
            replayed: false,
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    const { onTransferPlaced } = await renderForm({ initial: { ...FILLED, paymentMethod: 'transfer' } });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await user.click(await screen.findByRole('button', { name: 'Wróć do edycji' }));
    expect(screen.getByLabelText('Imię')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await user.click(await screen.findByRole('button', { name: 'Potwierdź i przejdź do przelewu – zamówienie z obowiązkiem zapłaty' }));
    await waitFor(() => expect(onTransferPlaced).toHaveBeenCalledWith('KT111222333'));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ items: [{ productId: CANDLES.productId, quantity: 2 }], checkout: { paymentMethod: 'transfer' } });
    expect(JSON.stringify(bodies[0])).not.toContain('price');
  });

  it('reports a refused order in Polish, re-enables the form and sends a corrected order under a new key', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/functions/v1/place-order', async ({ request }) => {
        keys.push(((await request.json()) as { clientRequestId: string }).clientRequestId);
        return HttpResponse.json({ error: 'product_unavailable', message: 'Niektóre produkty nie są dostępne.' }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe('Niektóre produkty nie są dostępne.');
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries with the same key after a server error, so the order cannot be duplicated', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/functions/v1/place-order', async ({ request }) => {
        keys.push(((await request.json()) as { clientRequestId: string }).clientRequestId);
        return HttpResponse.json({ error: 'x', message: 'Serwer niedostępny' }, { status: 503 });
      }),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe('Nie udało się złożyć zamówienia: Serwer niedostępny');
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect((await loadCheckoutDraft())?.pending?.clientRequestId).toBe(keys[0]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps an order that cannot reach the server in the device outbox, with its local number', async () => {
    server.use(http.post('*/functions/v1/place-order', () => HttpResponse.error()));
    const onQueued = vi.fn();
    const user = userEvent.setup();
    await renderForm({ initial: FILLED, onQueued });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.status).toBe('queued');
    expect(onQueued).toHaveBeenCalledWith(`L-${entry!.clientRequestId.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(entry?.payload).toMatchObject({
      request: { items: [{ productId: CANDLES.productId, quantity: 2 }], checkout: { email: 'anna@example.pl' } },
    });
    // The checkout is done with it: the next order gets a fresh key.
    expect((await loadCheckoutDraft())?.pending).toBeUndefined();
  });

  it('shows the Polish details of a payment start the gateway cannot take', async () => {
    server.use(
      http.post('*/functions/v1/create-payment', () =>
        HttpResponse.json(
          {
            error: 'Payment gateway configuration is missing',
            details: 'Błąd konfiguracji systemu płatności. Skontaktuj się z obsługą sklepu.',
          },
          { status: 503 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderForm({ initial: FILLED });
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'Błąd konfiguracji systemu płatności. Skontaktuj się z obsługą sklepu.',
    );
  });

  it('goes to the gateway 500 ms after create-payment answers its address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const user = userEvent.setup();
      await renderForm({ initial: FILLED });
      await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
      expect(await screen.findByRole('button', { name: 'Przekierowanie do płatności...' })).toBeTruthy();
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 2000 });
      expect(assign.mock.calls[0]?.[0]).toBe('http://gateway.test/checkout');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps what the customer typed in the device draft', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(screen.getByLabelText('Imię'), 'Zofia');
    await waitFor(async () => {
      const record = await db.meta.get(CHECKOUT_DRAFT_META_KEY);
      expect((record?.value as { values: CheckoutFormValues } | undefined)?.values.firstName).toBe('Zofia');
    });
  });
});

describe('checkout page', () => {
  it('says the cart is empty with a link to the shop', async () => {
    await renderInRouter(
      <CheckoutPage
        delivery={CHECKOUT_DELIVERY}
        cart={cartOf()}
        cartEditor={() => null}
        userEmail={null}
        getAccessToken={async () => null}
        onTransferPlaced={() => {}}
        submitOrder={submitOrder}
        onQueued={() => {}}
        useQueuedOrder={() => undefined}
      />,
    );
    expect(await screen.findByText('Koszyk jest pusty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Przejdź do sklepu' }).getAttribute('href')).toBe('/shop');
  });

  it('restores the draft and prefills the signed-in customer’s email when the draft has none', async () => {
    await db.meta.put({ key: CHECKOUT_DRAFT_META_KEY, value: { values: { ...EMPTY_CHECKOUT_FORM, firstName: 'Zofia', city: 'Bircza' } } });
    await renderInRouter(
      <CheckoutPage
        delivery={CHECKOUT_DELIVERY}
        cart={cartOf(CANDLES)}
        cartEditor={() => null}
        userEmail="klient@example.com"
        getAccessToken={async () => null}
        onTransferPlaced={() => {}}
        submitOrder={submitOrder}
        onQueued={() => {}}
        useQueuedOrder={() => undefined}
      />,
    );
    // The form's frame shows at once, disabled; the draft fills it once read from the device.
    const form = await screen.findByRole('form', { name: 'Dane zamówienia' });
    const firstName = within(form).getByLabelText('Imię') as HTMLInputElement;
    await waitFor(() => expect(firstName.value).toBe('Zofia'));
    expect(firstName.disabled).toBe(false);
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('klient@example.com');
  });
});
