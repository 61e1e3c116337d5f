import { describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '../../src/domain/checkout-schema.ts';
import { allowedDeliveryMethods, isDeliveryAllowed } from '../../src/domain/delivery.ts';
import { formatDestinationAddress, isAddressComplete } from '../../src/domain/delivery-address.ts';
import { fromPln } from '../../src/domain/money.ts';
import { nextOrderValues, submissionFingerprint, toCheckoutDraft } from '../../src/features/checkout/checkout-draft.ts';
import { checkoutTotals, chosenServices, orderItems, type CheckoutLine } from '../../src/features/checkout/checkout-model.ts';
import { PAYU_DEFAULT_ERROR, payuErrorMessage } from '../../src/features/checkout/payment-errors.ts';
import { parsePaymentReturnSearch } from '../../src/features/checkout/return-search.ts';

describe('PayU error messages (docs/spec.md §8)', () => {
  it.each([
    ['Payment gateway configuration is missing', 'Błąd konfiguracji systemu płatności. Skontaktuj się z obsługą sklepu.'],
    ['network error', 'Błąd połączenia. Sprawdź połączenie internetowe i spróbuj ponownie.'],
    ['Failed to fetch', 'Błąd połączenia. Sprawdź połączenie internetowe i spróbuj ponownie.'],
    ['Customer email is required', 'Brakuje wymaganych danych. Sprawdź formularz i spróbuj ponownie.'],
    ['Invalid total amount', 'Nieprawidłowe dane. Sprawdź wprowadzone informacje i spróbuj ponownie.'],
    // 'Invalid' comes before 'format' in the spec's order.
    ['Invalid email format', 'Nieprawidłowe dane. Sprawdź wprowadzone informacje i spróbuj ponownie.'],
    ['Unexpected phone format', 'Nieprawidłowy format danych. Sprawdź adres e-mail i numer telefonu.'],
    ['Order is already paid or closed', 'Order is already paid or closed'],
  ])('%s → %s', (message, expected) => {
    expect(payuErrorMessage(message)).toBe(expected);
  });

  it('falls back to the default message when there is none', () => {
    expect(payuErrorMessage(undefined)).toBe(PAYU_DEFAULT_ERROR);
    expect(payuErrorMessage('  ')).toBe(PAYU_DEFAULT_ERROR);
  });
});

describe('checkout draft', () => {
  it('keeps known fields and drops damaged ones', () => {
    const draft = toCheckoutDraft({
      values: { firstName: 'Anna', city: 42, deliveryMethod: 'teleport', paymentMethod: 'blik', extra: 'x' },
      pending: { clientRequestId: 'k', fingerprint: 'f' },
    });
    expect(draft).toEqual({
      values: { ...EMPTY_CHECKOUT_FORM, firstName: 'Anna', paymentMethod: 'blik' },
      pending: { clientRequestId: 'k', fingerprint: 'f' },
    });
  });

  it('keeps the invoice the customer asked for across reloads', () => {
    const invoice = {
      wantsInvoice: true,
      invoiceNip: 'PL 774-000-14-54',
      invoiceCompany: 'Kwiaty Nowak',
      invoiceAddress: 'ul. Długa 1, Bircza',
    };
    expect(toCheckoutDraft({ values: invoice })?.values).toEqual({ ...EMPTY_CHECKOUT_FORM, ...invoice });
    expect(toCheckoutDraft({ values: { wantsInvoice: 'tak', invoiceNip: 7740001454 } })?.values).toEqual(EMPTY_CHECKOUT_FORM);
  });

  it('starts the next order clean: the buyer stays, the birthday order for Maria goes', () => {
    const buyer = { firstName: 'Anna', lastName: 'Kowalska', email: 'anna@example.pl', phone: '+48 600 100 200' };
    const birthday = {
      ...EMPTY_CHECKOUT_FORM,
      ...buyer,
      deliveryMethod: 'home' as const,
      paymentMethod: 'blik' as const,
      street: 'Słowackiego',
      houseNumber: '5',
      city: 'Przemyśl',
      postalCode: '37-700',
      recipient: 'other' as const,
      recipientName: 'Maria Nowak',
      recipientPhone: '+48 600 200 300',
      deliveryDate: '2026-12-01',
      deliveryWindow: '09:00-12:00',
      occasion: 'birthday' as const,
      cardMessage: 'Wszystkiego najlepszego z okazji urodzin! Sto lat, Mario.',
      cardSignature: 'Ania',
      anonymous: true,
      deliveryNotes: 'Domofon 5, drugie piętro.',
      wantsInvoice: true,
      invoiceNip: '7740001454',
      invoiceCompany: 'Kwiaty Nowak',
      invoiceAddress: 'ul. Długa 1, Bircza',
    };
    // Maria's address was the recipient's, not the buyer's: it goes with her.
    expect(nextOrderValues(birthday)).toEqual({ ...EMPTY_CHECKOUT_FORM, ...buyer, paymentMethod: 'blik' });
  });

  it("keeps the buyer's own address when the order went to them", () => {
    const home = { street: 'Rynek', houseNumber: '1', apartment: '2', city: 'Bircza', postalCode: '37-740' };
    const toSelf = {
      ...EMPTY_CHECKOUT_FORM,
      firstName: 'Anna',
      deliveryMethod: 'dpd' as const,
      ...home,
      deliveryNotes: 'Brama od podwórza',
      graveRow: '3',
    };
    expect(nextOrderValues(toSelf)).toEqual({ ...EMPTY_CHECKOUT_FORM, firstName: 'Anna', deliveryMethod: 'dpd', ...home });
    const cemetery = {
      ...EMPTY_CHECKOUT_FORM,
      deliveryMethod: 'cemetery' as const,
      ...home,
      cemeteryName: 'Cmentarz Główny',
      services: ['candle-lighting' as const],
    };
    expect(nextOrderValues(cemetery)).toEqual(EMPTY_CHECKOUT_FORM);
  });

  it('reads nothing from a record that is not a draft', () => {
    expect(toCheckoutDraft(null)).toBeNull();
    expect(toCheckoutDraft('text')).toBeNull();
    expect(toCheckoutDraft({ values: null })).toBeNull();
  });

  it('gives the same fingerprint whatever the line order, and a new one when a quantity changes', () => {
    const a = { productId: 'a', quantity: 1 };
    const b = { productId: 'b', quantity: 2 };
    const one = submissionFingerprint({ checkout: EMPTY_CHECKOUT_FORM, items: [a, b] });
    expect(submissionFingerprint({ checkout: EMPTY_CHECKOUT_FORM, items: [b, a] })).toBe(one);
    expect(submissionFingerprint({ checkout: EMPTY_CHECKOUT_FORM, items: [a, { ...b, quantity: 3 }] })).not.toBe(one);
    expect(submissionFingerprint({ checkout: { ...EMPTY_CHECKOUT_FORM, city: 'Bircza' }, items: [a, b] })).not.toBe(one);
  });
});

describe('delivery address', () => {
  const address = { street: 'Zamkowa', houseNumber: '5', apartment: '2', city: 'Krasiczyn', postalCode: '37-741' };

  it('formats street, house/apartment, postal code and city', () => {
    expect(formatDestinationAddress(address)).toBe('Zamkowa 5/2, 37-741 Krasiczyn');
    expect(formatDestinationAddress({ ...address, apartment: ' ' })).toBe('Zamkowa 5, 37-741 Krasiczyn');
  });

  it('is complete only with street, number, city and a NN-NNN postal code', () => {
    expect(isAddressComplete(address)).toBe(true);
    expect(isAddressComplete({ ...address, street: ' ' })).toBe(false);
    expect(isAddressComplete({ ...address, houseNumber: '' })).toBe(false);
    expect(isAddressComplete({ ...address, city: '' })).toBe(false);
    expect(isAddressComplete({ ...address, postalCode: '37741' })).toBe(false);
  });
});

describe('delivery methods and totals', () => {
  const line = (category: CheckoutLine['category'], price: number, quantity = 1, available = true): CheckoutLine => ({
    key: `${category}-${price}`,
    productId: `${category}-${price}`,
    sizeId: null,
    sizeLabel: null,
    name: 'x',
    quantity,
    unitPrice: fromPln(price),
    lineTotal: fromPln(price * quantity),
    availability: available ? 'available' : 'unavailable',
    available,
    category,
  });

  it('keeps live flowers off couriers', () => {
    expect(allowedDeliveryMethods(true)).toEqual(['store', 'home', 'cemetery']);
    expect(isDeliveryAllowed('inpost', true)).toBe(false);
    expect(isDeliveryAllowed('inpost', false)).toBe(true);
  });

  it('adds courier shipping, free from the threshold but never for cash on delivery', () => {
    const cheap = { lines: [line('candles', 100)], subtotal: fromPln(100) };
    const rich = { lines: [line('candles', 300)], subtotal: fromPln(300) };
    const none = { status: 'not-needed' } as const;
    expect(checkoutTotals(cheap, 'inpost', none, fromPln(300))).toEqual({ subtotal: 10000, shipping: 1299, services: [], total: 11299 });
    expect(checkoutTotals(rich, 'inpost', none, fromPln(300)).shipping).toBe(0);
    expect(checkoutTotals(rich, 'dpd-cod', none, fromPln(300)).shipping).toBe(2600);
  });

  it('leaves local delivery unpriced until a quote is ready', () => {
    const cart = { lines: [line('live-flowers', 100)], subtotal: fromPln(100) };
    expect(checkoutTotals(cart, 'home', { status: 'loading' }, fromPln(300))).toEqual({
      subtotal: 10000,
      shipping: null,
      services: [],
      total: 10000,
    });
    const quote = { distanceKm: 10, cost: fromPln(36), formattedDistance: '', formattedDuration: '', estimated: true };
    expect(checkoutTotals(cart, 'home', { status: 'ready', quote }, fromPln(300)).total).toBe(13600);
  });

  it('adds the services at the grave, priced from the offers, to a cemetery delivery only', () => {
    const cart = { lines: [line('candles', 50)], subtotal: fromPln(50) };
    const offers = [
      { id: 'candle-lighting' as const, label: 'Zapalenie znicza', price: 35 },
      { id: 'photo-after-delivery' as const, label: 'Zdjęcie po dostawie', price: 0 },
    ];
    const quote = { distanceKm: 10, cost: fromPln(18), formattedDistance: '', formattedDuration: '', estimated: false };
    const ready = { status: 'ready' as const, quote };
    const both = ['candle-lighting', 'photo-after-delivery'] as const;
    const atGrave = checkoutTotals(cart, 'cemetery', ready, fromPln(300), chosenServices('cemetery', both, offers));
    expect(atGrave.total).toBe(10300);
    expect(atGrave.services.map((service) => [service.id, service.price])).toEqual([
      ['candle-lighting', 3500],
      ['photo-after-delivery', 0],
    ]);
    expect(chosenServices('home', both, offers)).toEqual([]);
  });

  it('sends only available lines, without prices', () => {
    expect(orderItems([line('candles', 10, 2), line('candles', 11, 1, false)])).toEqual([{ productId: 'candles-10', quantity: 2 }]);
  });
});

describe('payment return search params', () => {
  it('accepts an order number and a known payment method', () => {
    expect(parsePaymentReturnSearch({ payment: 'transfer', orderId: 'KT123456789' })).toEqual({
      payment: 'transfer',
      orderId: 'KT123456789',
    });
  });

  it('drops anything else instead of showing it', () => {
    expect(parsePaymentReturnSearch({ payment: 'bitcoin', orderId: '<script>' })).toEqual({ payment: undefined, orderId: undefined });
  });
});
