import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import { fromPln } from '../../src/domain/money.ts';
import { CHECKOUT_DRAFT_META_KEY, toCheckoutDraft } from '../../src/features/checkout/checkout-draft.ts';
import { CheckoutForm } from '../../src/features/checkout/checkout-form.tsx';
import type { CheckoutCart, CheckoutLine } from '../../src/features/checkout/checkout-model.ts';
import { resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { numericDayMonth as dayMonth, weekdayName } from '../../src/domain/polish-date.ts';
import { submitOrder } from '../../src/features/orders-sync/submit-order.ts';
import { db } from '../../src/lib/db.ts';
import { resetPublicSettingsForTests } from '../../src/lib/public-settings.ts';
import { AFTERNOON, MORNING, inDays, openDay, serveAvailability, standardAnswer } from './delivery-availability-fixture.ts';
import { renderInRouter, withBackendMetaAndConsent } from './render-route.tsx';
import { CHECKOUT_DELIVERY } from '../../src/routes/-checkout-delivery.ts';

withBackendMetaAndConsent();

function line(productId: string, name: string, price: number, category: CheckoutLine['category']): CheckoutLine {
  return {
    key: productId,
    productId,
    sizeId: null,
    sizeLabel: null,
    name,
    quantity: 1,
    unitPrice: fromPln(price),
    lineTotal: fromPln(price),
    availability: 'available',
    available: true,
    category,
  };
}

const CANDLE = line('1547809e-0305-46b3-a282-b3230c221da1', 'Znicz szklany „Anioł”', 50, 'candles');
const WREATH = line('2b0e3c1a-9d7e-4f55-8a43-3b6c1d2e4f50', 'Wieniec pogrzebowy z białych róż', 250, 'candles');
const cartOf = (...lines: CheckoutLine[]): CheckoutCart => ({
  lines,
  subtotal: fromPln(lines.reduce((sum, l) => sum + (l.lineTotal as number) / 100, 0)),
});

const CONTACT: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phone: '+48 600 100 200',
  deliveryDate: inDays(1),
  pickupTime: '12:00',
};

async function renderForm(initial: CheckoutFormValues = CONTACT, cart: CheckoutCart = cartOf(CANDLE)) {
  await renderInRouter(
    <CheckoutForm
      delivery={CHECKOUT_DELIVERY}
      cart={cart}
      cartEditor={() => null}
      initialValues={initial}
      getAccessToken={async () => null}
      onTransferPlaced={() => {}}
      submitOrder={submitOrder}
      onQueued={() => {}}
    />,
  );
  await screen.findByRole('group', { name: /Dzień (odbioru|dostawy)/ });
}

async function storedDraft(): Promise<CheckoutFormValues | undefined> {
  return toCheckoutDraft((await db.meta.get(CHECKOUT_DRAFT_META_KEY))?.value)?.values;
}

/** Records the bodies place-order receives and answers as a placed transfer order. */
function recordOrders(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/functions/v1/place-order', async ({ request }) => {
      bodies.push(await request.json());
      const order = {
        id: 'o-1',
        orderNumber: 'KT1',
        status: 'pending',
        subtotal: 50,
        shippingCost: 0,
        total: 50,
        createdAt: '',
        clientRequestId: 'x',
      };
      return HttpResponse.json({ order, replayed: false }, { status: 201 });
    }),
  );
  return bodies;
}

beforeEach(async () => {
  resetPublicSettingsForTests();
  resetAvailabilityForTests();
  await db.meta.clear();
  await db.outbox.clear();
});

describe('the card (bilecik)', () => {
  it('counts the message live as N/250, tied to the field, and reads nothing out while it is well within the limit', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    await renderForm();
    const message = screen.getByLabelText(/Treść bileciku/);
    expect(screen.getByTestId('checkout-cardMessage-counter').textContent).toBe('0/250');
    await user.type(message, 'Sto lat!');
    expect(screen.getByTestId('checkout-cardMessage-counter').textContent).toBe('8/250');
    expect(message.getAttribute('aria-describedby')).toContain('checkout-cardMessage-counter');
    const announcement = screen.getByTestId('checkout-cardMessage-announcement');
    expect(announcement.getAttribute('role')).toBe('status');
    // Not on every keystroke, nor after a pause: only crossing into the warning or over the limit is read out.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(announcement.textContent).toBe('');
    // Never cut by the browser: a text over the limit stays as typed, with an error.
    expect((message as HTMLTextAreaElement).maxLength).toBe(-1);
  });

  it('warns from 90% of the limit, keeps a pasted text over it with an error until shortened, and refuses it at submit', async () => {
    serveAvailability(standardAnswer());
    const bodies = recordOrders();
    const user = userEvent.setup();
    await renderForm({ ...CONTACT, paymentMethod: 'transfer' });
    const message = screen.getByLabelText(/Treść bileciku/) as HTMLTextAreaElement;
    const counter = screen.getByTestId('checkout-cardMessage-counter');
    const announcement = screen.getByTestId('checkout-cardMessage-announcement');

    await user.click(message);
    await user.paste('a'.repeat(224));
    expect(counter.textContent).toBe('224/250');
    expect(counter.dataset.level).toBe('ok');
    await user.type(message, 'b');
    expect(counter.textContent).toBe('225/250 – zostało 25 znaków');
    expect(counter.dataset.level).toBe('warning');
    expect(counter.className).toContain('text-amber-800');
    expect(announcement.textContent).toBe('Zostało 25 znaków');
    await user.type(message, 'ccc');
    // Within the warning the counter follows, the announcement does not repeat each keystroke.
    expect(counter.textContent).toBe('228/250 – zostały 22 znaki');
    expect(announcement.textContent).toBe('Zostało 25 znaków');

    await user.clear(message);
    await user.paste('x'.repeat(300));
    expect(message.value).toHaveLength(300);
    expect(counter.textContent).toBe('300/250');
    expect(counter.dataset.level).toBe('over');
    const tooLong = 'Bilecik może mieć najwyżej 250 znaków – skróć go o 50.';
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toContain('checkout-cardMessage-error');
    expect(document.getElementById('checkout-cardMessage-error')?.textContent).toBe(tooLong);
    expect(announcement.textContent).toBe(tooLong);

    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toContain(tooLong);
    expect(message.value).toHaveLength(300);
    expect(document.activeElement).toBe(message);
    expect(bodies).toHaveLength(0);

    await user.clear(message);
    await user.paste('y'.repeat(238));
    expect(message.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('checkout-cardMessage-error')).toBeNull();
    expect(counter.textContent).toBe('238/250 – zostało 12 znaków');
    expect(announcement.textContent).toBe('Zostało 12 znaków');
  });

  it('counts the signature too, and says by how much a pasted one is too long', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    await renderForm();
    const signature = screen.getByLabelText(/Podpis/) as HTMLInputElement;
    await user.click(signature);
    await user.paste('K'.repeat(70));
    expect(signature.value).toHaveLength(70);
    expect(screen.getByTestId('checkout-cardSignature-counter').textContent).toBe('70/60');
    expect(document.getElementById('checkout-cardSignature-error')?.textContent).toBe(
      'Podpis może mieć najwyżej 60 znaków – skróć go o 10.',
    );
  });

  it('sends the order anonymously when the switch is on, and says what that means', async () => {
    serveAvailability(standardAnswer());
    const bodies = recordOrders();
    const user = userEvent.setup();
    await renderForm({ ...CONTACT, paymentMethod: 'transfer' });
    const toggle = screen.getByRole('switch', { name: 'Wyślij anonimowo' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Odbiorca nie zobaczy Twojego imienia i nazwiska',
    );
    await user.type(screen.getByLabelText(/Treść bileciku/), 'Wszystkiego dobrego');
    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    await waitFor(async () => expect((await storedDraft())?.anonymous).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    const confirm = await screen.findByRole('button', { name: 'Potwierdź i przejdź do przelewu – zamówienie z obowiązkiem zapłaty' });
    // The step before the transfer repeats the term and the card, marked anonymous.
    const check = screen.getByRole('region', { name: 'Sprawdź zamówienie przed przelewem' }).textContent ?? '';
    expect(check).toContain(`Termin${weekdayName(inDays(1))} ${dayMonth(inDays(1))}, odbiór o 12:00`);
    expect(check).toContain('Bilecik (anonimowo)Wszystkiego dobrego');
    await user.click(confirm);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      checkout: {
        anonymous: true,
        cardMessage: 'Wszystkiego dobrego',
        deliveryDate: inDays(1),
        pickupTime: '12:00',
        substitution: 'similar',
      },
    });
  });
});

describe('the florist checkout', () => {
  it('asks the recipient’s name and phone for another person delivered to the home', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    server.use(
      http.post('*/functions/v1/calculate-delivery', () =>
        HttpResponse.json({ distance: 10, cost: 18, formattedDistance: '10 km', formattedDuration: '15 min', estimated: false }),
      ),
    );
    await renderForm({
      ...CONTACT,
      deliveryMethod: 'home',
      street: 'Zamkowa',
      houseNumber: '5',
      postalCode: '37-740',
      city: 'Bircza',
      pickupTime: '',
      deliveryWindow: AFTERNOON.id,
    });
    await user.click(screen.getByRole('radio', { name: 'Dla innej osoby' }));
    expect(screen.getByLabelText('Telefon odbiorcy')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull(), { timeout: 3000 });
    await user.click(submit);
    expect(await screen.findByText('Imię i nazwisko odbiorcy jest wymagane', { selector: 'p[id$="-error"]' })).toBeTruthy();
    expect(screen.getByText('Telefon odbiorcy jest wymagany', { selector: 'p[id$="-error"]' })).toBeTruthy();
    expect(screen.getByLabelText(/Uwagi do dostawy/)).toBeTruthy();
  });

  it('adds the candle service at the price of the availability answer to the total of a cemetery delivery', async () => {
    serveAvailability(
      standardAnswer({
        services: [
          { id: 'candle-lighting', label: 'Zapalenie znicza', price: 35 },
          { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: 0 },
        ],
      }),
    );
    server.use(
      http.post('*/functions/v1/calculate-delivery', () =>
        HttpResponse.json({ distance: 10, cost: 18, formattedDistance: '10 km', formattedDuration: '15 min', estimated: false }),
      ),
    );
    const user = userEvent.setup();
    await renderForm({
      ...CONTACT,
      deliveryMethod: 'cemetery',
      street: 'Cmentarna',
      houseNumber: '1',
      postalCode: '37-740',
      city: 'Bircza',
      pickupTime: '',
    });
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent?.replace(/\s/g, ' ')).toBe('68,00 zł'));
    const services = screen.getByRole('group', { name: /Usługi przy grobie/ });
    expect(
      within(services)
        .getByRole('checkbox', { name: /Zapalenie znicza/ })
        .closest('label')?.textContent,
    ).toContain('35,00');
    await user.click(within(services).getByRole('checkbox', { name: /Zapalenie znicza/ }));
    await user.click(within(services).getByRole('checkbox', { name: /Zdjęcie po dostawie/ }));
    expect(screen.getByTestId('checkout-total').textContent?.replace(/\s/g, ' ')).toBe('103,00 zł');
    expect(screen.getAllByTestId('checkout-service').map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual([
      'Zapalenie znicza35,00 zł',
      'Zdjęcie po dostawieGratis',
    ]);
    // The grave: kwatera, rząd and numer, or a description.
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect(
      await screen.findByText('Podaj kwaterę, rząd i numer grobu albo opisz, gdzie jest grób', { selector: 'p[id$="-error"]' }),
    ).toBeTruthy();
    expect(screen.getByText('Nazwa cmentarza jest wymagana', { selector: 'p[id$="-error"]' })).toBeTruthy();
  });

  it('asks a cemetery only what it has: its name and locality once, no flat, no house number it may not have', async () => {
    serveAvailability(standardAnswer());
    const quoted: unknown[] = [];
    server.use(
      http.post('*/functions/v1/calculate-delivery', async ({ request }) => {
        quoted.push(await request.json());
        return HttpResponse.json({ distance: 10, cost: 18, formattedDistance: '10 km', formattedDuration: '15 min', estimated: false });
      }),
    );
    const bodies = recordOrders();
    const user = userEvent.setup();
    // A flat number left in the draft from a home address is not sent with a cemetery.
    await renderForm({
      ...CONTACT,
      deliveryMethod: 'cemetery',
      apartment: '4',
      pickupTime: '',
      deliveryWindow: AFTERNOON.id,
      paymentMethod: 'transfer',
    });
    const address = screen.getByRole('group', { name: 'Adres cmentarza' });
    expect(
      within(address)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['cemeteryName', 'street', 'houseNumber', 'postalCode', 'city']);
    expect(screen.queryByLabelText(/Numer mieszkania/)).toBeNull();
    expect(screen.getAllByLabelText(/miejscowość/i)).toHaveLength(1);
    expect(screen.getByLabelText(/Numer posesji/).closest('div')?.textContent).toContain('(opcjonalnie)');
    const grave = screen.getByRole('group', { name: 'Grób' });
    expect(within(grave).queryByLabelText(/Nazwa cmentarza|Miejscowość/)).toBeNull();

    await user.type(screen.getByLabelText('Nazwa cmentarza'), 'Cmentarz parafialny');
    await user.type(screen.getByLabelText('Kod pocztowy'), '37-740');
    await user.type(screen.getByLabelText('Miejscowość'), 'Bircza');
    await user.type(within(grave).getByLabelText('Kwatera'), 'B');
    await user.type(within(grave).getByLabelText('Rząd'), '4');
    await user.type(within(grave).getByLabelText('Numer'), '12');
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull(), { timeout: 3000 });
    expect(quoted.at(-1)).toMatchObject({
      destination_address: 'Cmentarz parafialny, 37-740 Bircza',
      address: { cemetery: 'Cmentarz parafialny', street: '', houseNumber: '', apartment: '', city: 'Bircza', postalCode: '37-740' },
    });

    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: /Potwierdź i przejdź do przelewu/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      checkout: {
        deliveryMethod: 'cemetery',
        cemeteryName: 'Cmentarz parafialny',
        street: '',
        houseNumber: '',
        city: 'Bircza',
        postalCode: '37-740',
        graveSection: 'B',
        graveRow: '4',
        graveNumber: '12',
      },
    });
  });

  it('asks for the venue and hour of a funeral and offers the ribbon for a wreath, up to 50 characters', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    await renderForm(CONTACT, cartOf(WREATH));
    expect(screen.queryByLabelText(/Napis na szarfie/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Okazja/), 'Pogrzeb');
    const ribbon = screen.getByLabelText(/Napis na szarfie/) as HTMLInputElement;
    await user.type(ribbon, 'Ostatnie pożegnanie');
    expect(screen.getByTestId('checkout-ribbonText-counter').textContent).toBe('19/50');
    expect(ribbon.maxLength).toBe(-1);
    await user.paste(' — kochająca rodzina i przyjaciele');
    expect(ribbon.value).toBe('Ostatnie pożegnanie — kochająca rodzina i przyjaciele');
    expect(document.getElementById('checkout-ribbonText-error')?.textContent).toBe(
      'Napis na szarfie może mieć najwyżej 50 znaków – skróć go o 3.',
    );
    await user.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    for (const message of [
      'Wybierz miejsce uroczystości',
      'Nazwa miejsca jest wymagana',
      'Adres miejsca jest wymagany',
      'Godzina uroczystości jest wymagana',
    ]) {
      expect(await screen.findByText(message, { selector: 'p[id$="-error"]' })).toBeTruthy();
    }
    expect((screen.getByLabelText('Godzina uroczystości') as HTMLInputElement).type).toBe('time');
    await user.selectOptions(screen.getByLabelText(/Okazja/), 'Urodziny');
    expect(screen.queryByLabelText(/Napis na szarfie/)).toBeNull();
    expect(screen.queryByLabelText('Nazwa miejsca')).toBeNull();
  });

  it('offers no ribbon for a funeral without a wreath or wiązanka', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    await renderForm();
    await user.selectOptions(screen.getByLabelText(/Okazja/), 'Pogrzeb');
    expect(screen.getByLabelText('Nazwa miejsca')).toBeTruthy();
    expect(screen.queryByLabelText(/Napis na szarfie/)).toBeNull();
  });

  it('defaults the substitution to the florist’s similar choice and keeps the other choice in the draft', async () => {
    serveAvailability(standardAnswer());
    const user = userEvent.setup();
    await renderForm();
    const group = screen.getByRole('group', { name: 'Jeśli zabraknie któregoś kwiatu' });
    expect(
      (within(group).getByRole('radio', { name: 'Florysta dobierze podobne w tej samej lub wyższej wartości' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Zadzwońcie do mnie przed zamianą' }));
    await waitFor(async () => expect((await storedDraft())?.substitution).toBe('call-first'));
  });

  it('asks availability again when place-order refuses the chosen window, clears it and says why', async () => {
    const full = standardAnswer();
    full.days[1] = openDay(
      inDays(1),
      [
        { ...MORNING, reason: 'full' },
        { ...AFTERNOON, reason: 'full' },
      ],
      [{ time: '12:00' }],
    );
    const served = serveAvailability(standardAnswer(), full);
    server.use(
      http.post('*/functions/v1/calculate-delivery', () =>
        HttpResponse.json({ distance: 10, cost: 18, formattedDistance: '10 km', formattedDuration: '15 min', estimated: false }),
      ),
      http.post('*/functions/v1/place-order', () =>
        HttpResponse.json(
          {
            error: 'slot_unavailable',
            message: 'Wybrane godziny dostawy są już zajęte (brak miejsc). Wybierz inny termin.',
            fields: { 'checkout.deliveryWindow': 'Brak miejsc w tych godzinach' },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderForm({
      ...CONTACT,
      deliveryMethod: 'home',
      street: 'Zamkowa',
      houseNumber: '5',
      postalCode: '37-740',
      city: 'Bircza',
      pickupTime: '',
      deliveryWindow: AFTERNOON.id,
    });
    const submit = screen.getByRole('button', { name: 'Zamawiam i płacę' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull(), { timeout: 3000 });
    await user.click(submit);
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('brak miejsc');
    await waitFor(() => expect(served.calls()).toBe(2));
    await waitFor(async () => expect((await storedDraft())?.deliveryDate).toBe(''));
    expect(screen.getByText(/nie jest już dostępny \(brak miejsc\)/)).toBeTruthy();
  });
});

describe('the checkout draft', () => {
  it('keeps every florist field across reloads and drops values it cannot trust', () => {
    const draft = toCheckoutDraft({
      values: {
        ...CONTACT,
        recipient: 'other',
        recipientName: 'Jan Kowalski',
        occasion: 'funeral',
        venueType: 'church',
        anonymous: true,
        services: ['candle-lighting', 'candle-lighting', 'free-flowers', 7],
        substitution: 'call-first',
        cardMessage: 'Pamiętamy',
        deliveryWindow: AFTERNOON.id,
      },
    });
    expect(draft?.values).toMatchObject({
      recipient: 'other',
      recipientName: 'Jan Kowalski',
      occasion: 'funeral',
      venueType: 'church',
      anonymous: true,
      services: ['candle-lighting'],
      substitution: 'call-first',
      cardMessage: 'Pamiętamy',
      deliveryDate: inDays(1),
      deliveryWindow: AFTERNOON.id,
    });
    const damaged = toCheckoutDraft({
      values: { recipient: 'everyone', anonymous: 'yes', services: 'candle-lighting', occasion: 'party' },
    });
    expect(damaged?.values).toMatchObject({ recipient: 'self', anonymous: false, services: [], occasion: '', substitution: 'similar' });
  });
});
