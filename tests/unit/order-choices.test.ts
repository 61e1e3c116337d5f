import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../../src/domain/checkout-schema.ts';
import { formatPln, grosz } from '../../src/domain/money.ts';
import {
  ANONYMOUS_ORDER_TEXT,
  checkoutChoices,
  describeGrave,
  orderChoiceRows,
  readOrderChoices,
  type OrderChoices,
} from '../../src/domain/order-choices.ts';
import { findDeviceOrder } from '../../src/features/orders-sync/device-orders.ts';
import { putOutboxEntry, type OutboxEntry } from '../../src/features/orders-sync/outbox.ts';
import { db } from '../../src/lib/db.ts';

const NONE: OrderChoices = {
  deliveryNotes: '',
  cemetery: null,
  services: [],
  occasion: null,
  venue: null,
  ribbonText: '',
  cardMessage: '',
  cardSignature: '',
  cardAnonymous: false,
  substitution: null,
};

const cemeteryOrder: OrderChoices = {
  ...NONE,
  deliveryNotes: 'Brama od ul. Słowackiego',
  cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: '' },
  services: [
    { label: 'Zapalenie znicza', price: grosz(0) },
    { label: 'Zdjęcie po dostawie', price: grosz(1250) },
  ],
  occasion: 'remembrance',
  cardMessage: 'Pamiętamy.\nZawsze <z Tobą> & blisko',
  cardSignature: 'Przyjaciele',
  cardAnonymous: true,
  substitution: 'call-first',
};

describe('what the customer chose, as rows', () => {
  it('lists a cemetery order in the checkout’s words and order: notes, grave, services with price, occasion, card, anonymity, substitution', () => {
    expect(orderChoiceRows(cemeteryOrder)).toEqual([
      { label: 'Uwagi do dostawy', value: 'Brama od ul. Słowackiego' },
      { label: 'Cmentarz', value: 'Cmentarz parafialny, Krasiczyn' },
      { label: 'Grób', value: 'kwatera B, rząd 4, nr 12' },
      { label: 'Usługi przy grobie', value: `Zapalenie znicza (bezpłatnie), Zdjęcie po dostawie (${formatPln(grosz(1250))})` },
      { label: 'Okazja', value: 'Wszystkich Świętych / pamięć' },
      // Verbatim: line breaks and markup characters as typed (the mail and the page escape them).
      { label: 'Treść bileciku', value: 'Pamiętamy.\nZawsze <z Tobą> & blisko' },
      { label: 'Podpis', value: 'Przyjaciele' },
      { label: 'Zamówienie anonimowe', value: ANONYMOUS_ORDER_TEXT },
      { label: 'Jeśli zabraknie któregoś kwiatu', value: 'Zadzwońcie do mnie przed zamianą' },
    ]);
    expect(ANONYMOUS_ORDER_TEXT).toMatch(/^Tak – odbiorca nie dowie się od nas, kto zamówił kwiaty/);
  });

  it('gives a funeral its ceremony’s place and hour and the ribbon, and leaves out what was not chosen', () => {
    const rows = orderChoiceRows({
      ...NONE,
      occasion: 'funeral',
      venue: { type: 'church', name: 'Kościół św. Jana', address: 'ul. Kościelna 1, Krasiczyn', eventTime: '11:30' },
      ribbonText: 'Ostatnie pożegnanie — rodzina',
    });
    expect(rows).toEqual([
      { label: 'Okazja', value: 'Pogrzeb' },
      { label: 'Miejsce uroczystości', value: 'Kościół, Kościół św. Jana, ul. Kościelna 1, Krasiczyn' },
      { label: 'Godzina uroczystości', value: '11:30' },
      { label: 'Napis na szarfie', value: 'Ostatnie pożegnanie — rodzina' },
    ]);
    expect(orderChoiceRows(NONE)).toEqual([]);
  });

  it('describes a grave given only by its description, or by part of its place', () => {
    const grave = { name: '', locality: '', section: '', row: '', number: '', description: 'trzecia aleja od bramy' };
    expect(describeGrave(grave)).toBe('trzecia aleja od bramy');
    expect(describeGrave({ ...grave, section: 'C', description: '' })).toBe('kwatera C');
    expect(describeGrave({ ...grave, description: '' })).toBeNull();
  });
});

describe('reading the choices', () => {
  it('from a stored order’s florist columns (services priced in PLN), and nothing from a row before them', () => {
    const choices = readOrderChoices({
      delivery_notes: 'Brama od ul. Słowackiego',
      cemetery: { name: 'Cmentarz parafialny', locality: 'Krasiczyn', section: 'B', row: '4', number: '12', description: '' },
      services: [
        { id: 'candle-lighting', label: 'Zapalenie znicza', price: 0 },
        { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: '12.50' },
      ],
      occasion: 'remembrance',
      venue: null,
      ribbon_text: null,
      card_message: 'Pamiętamy.\nZawsze <z Tobą> & blisko',
      card_signature: 'Przyjaciele',
      card_anonymous: true,
      substitution: 'call-first',
    });
    expect(choices).toEqual(cemeteryOrder);
    expect(readOrderChoices({})).toEqual(NONE);
    expect(readOrderChoices({ occasion: 'party', substitution: 'never', venue: 'church' })).toEqual(NONE);
  });

  it('from the checkout as the device sent it: a grave and services only for the cemetery, a ribbon only for a funeral wreath', () => {
    const values: CheckoutFormValues = {
      ...EMPTY_CHECKOUT_FORM,
      deliveryMethod: 'home',
      cemeteryName: 'Cmentarz parafialny',
      graveSection: 'B',
      occasion: 'funeral',
      venueType: 'church',
      venueName: 'Kościół św. Jana',
      venueAddress: 'ul. Kościelna 1',
      eventTime: '11:30',
      ribbonText: 'Żegnaj',
      cardMessage: 'Z wyrazami współczucia',
    };
    const services = [{ label: 'Zapalenie znicza', price: grosz(0) }];
    const home = checkoutChoices(values, services, ['Bukiet róż']);
    expect(home).toMatchObject({ cemetery: null, services: [], ribbonText: '', venue: { type: 'church', eventTime: '11:30' } });
    expect(checkoutChoices(values, services, ['Wieniec z chryzantem']).ribbonText).toBe('Żegnaj');
    const cemetery = checkoutChoices({ ...values, deliveryMethod: 'cemetery', occasion: 'thanks' }, services, []);
    expect(cemetery).toMatchObject({ cemetery: { name: 'Cmentarz parafialny', section: 'B' }, services, venue: null, occasion: 'thanks' });
  });
});

describe('the confirmation page’s summary of an order this device placed', () => {
  beforeEach(() => db.outbox.clear());

  it('has the lines and services the checkout showed, the delivery and the choices', async () => {
    const checkout: CheckoutFormValues = {
      ...EMPTY_CHECKOUT_FORM,
      deliveryMethod: 'cemetery',
      street: 'Zamkowa',
      houseNumber: '5',
      city: 'Krasiczyn',
      postalCode: '37-741',
      deliveryDate: '2026-11-30',
      deliveryWindow: '09:00-12:00',
      cemeteryName: 'Cmentarz parafialny',
      graveSection: 'B',
      graveRow: '4',
      graveNumber: '12',
      services: ['candle-lighting'],
      cardMessage: 'Pamiętamy',
      anonymous: true,
    };
    const entry: OutboxEntry = {
      clientRequestId: 'k-summary',
      status: 'sent',
      createdAt: '2026-11-28T10:00:00.000Z',
      attempts: 1,
      request: { clientRequestId: 'k-summary', checkout, items: [{ productId: 'p', quantity: 2 }] },
      localNumber: 'L-SUMMARY',
      paymentMethod: 'transfer',
      deliveryMethod: 'cemetery',
      customerEmail: 'anna@example.pl',
      userPlaced: false,
      estimatedTotal: 300,
      queuedOffline: false,
      shown: {
        lines: [{ name: 'Wieniec z chryzantem', quantity: 2, lineTotal: grosz(30_000) }],
        services: [{ label: 'Zapalenie znicza', price: grosz(0) }],
      },
      order: {
        id: 'o-1',
        orderNumber: 'KT000000077',
        status: 'pending',
        subtotal: 300,
        shippingCost: 0,
        total: 300,
        createdAt: '',
        clientRequestId: 'k-summary',
        accessKey: 'key',
        deliveryDate: '2026-11-30',
        deliveryWindow: '09:00-12:00',
        deliveryWindowLabel: '9:00–12:00',
        pickupTime: null,
      },
    };
    await putOutboxEntry(entry);
    const found = await findDeviceOrder('KT000000077');
    expect(found?.summary).toEqual({
      items: [{ name: 'Wieniec z chryzantem', quantity: 2, lineTotal: 30_000 }],
      services: [{ label: 'Zapalenie znicza', price: 0 }],
      shipping: 0,
      deliveryMethod: 'cemetery',
      deliveryAddress: 'Zamkowa 5, 37-741 Krasiczyn',
      deliveryDate: '2026-11-30',
      deliveryWindowLabel: '9:00–12:00',
      pickupTime: null,
      choices: [
        { label: 'Cmentarz', value: 'Cmentarz parafialny, Krasiczyn' },
        { label: 'Grób', value: 'kwatera B, rząd 4, nr 12' },
        { label: 'Usługi przy grobie', value: 'Zapalenie znicza (bezpłatnie)' },
        { label: 'Treść bileciku', value: 'Pamiętamy' },
        { label: 'Zamówienie anonimowe', value: ANONYMOUS_ORDER_TEXT },
        { label: 'Jeśli zabraknie któregoś kwiatu', value: 'Florysta dobierze podobne w tej samej lub wyższej wartości' },
      ],
    });
  });
});
