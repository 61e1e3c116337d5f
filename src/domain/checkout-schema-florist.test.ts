import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_BUYER, checkoutMessages } from '../../tests/support/checkout-form.ts';
import { checkoutFormSchema, type CheckoutFormValues } from './checkout-schema.ts';

const address = { street: 'Długa', houseNumber: '1', city: 'Bircza', postalCode: '37-740' };

const messagesOf = (values: Partial<CheckoutFormValues>) => checkoutMessages({ ...CHECKOUT_BUYER, ...values });

describe('the florist part of the checkout schema', () => {
  it('asks a store pickup for its date and hour', () => {
    expect(messagesOf({ deliveryMethod: 'store' })).toEqual({ deliveryDate: ['Wybierz dzień'], pickupTime: ['Wybierz godzinę odbioru'] });
    expect(messagesOf({ deliveryMethod: 'store', deliveryDate: '2026-12-01', pickupTime: '10:30' })).toEqual({});
  });

  it('asks home delivery for a date and a window, and a courier for neither', () => {
    expect(messagesOf({ deliveryMethod: 'home', ...address })).toEqual({
      deliveryDate: ['Wybierz dzień'],
      deliveryWindow: ['Wybierz godziny dostawy'],
    });
    expect(messagesOf({ deliveryMethod: 'gls', ...address })).toEqual({});
  });

  it('needs the recipient’s name, and the phone for home delivery only', () => {
    const home = { deliveryMethod: 'home' as const, ...address, deliveryDate: '2026-12-01', deliveryWindow: '09:00-12:00' };
    expect(messagesOf({ ...home, recipient: 'other' })).toEqual({
      recipientName: ['Imię i nazwisko odbiorcy jest wymagane'],
      recipientPhone: ['Telefon odbiorcy jest wymagany'],
    });
    const cemetery = { ...home, deliveryMethod: 'cemetery' as const, cemeteryName: 'Cmentarz Główny', cemeteryLocality: 'Przemyśl' };
    expect(messagesOf({ ...cemetery, recipient: 'other', recipientName: 'Jan Kowalski', graveDescription: 'przy kaplicy' })).toEqual({});
    expect(messagesOf({ ...home, recipient: 'self' })).toEqual({});
  });

  it('asks a funeral or a wedding for the venue and the exact hour', () => {
    const store = { deliveryMethod: 'store' as const, deliveryDate: '2026-12-01', pickupTime: '10:30' };
    expect(messagesOf({ ...store, occasion: 'funeral' })).toEqual({
      venueType: ['Wybierz miejsce uroczystości'],
      venueName: ['Nazwa miejsca jest wymagana'],
      venueAddress: ['Adres miejsca jest wymagany'],
      eventTime: ['Godzina uroczystości jest wymagana'],
    });
    expect(
      messagesOf({
        ...store,
        occasion: 'wedding',
        venueType: 'church',
        venueName: 'Katedra',
        venueAddress: 'Plac Katedralny 4A',
        eventTime: '25:00',
      }),
    ).toEqual({ eventTime: ['Podaj godzinę w formacie GG:MM'] });
    expect(messagesOf({ ...store, occasion: 'birthday' })).toEqual({});
  });

  it('asks a cemetery delivery for the grave, and allows services only there', () => {
    const cemetery = { deliveryMethod: 'cemetery' as const, ...address, deliveryDate: '2026-12-01', deliveryWindow: '09:00-12:00' };
    expect(messagesOf({ ...cemetery, graveSection: 'A', graveRow: '3' })).toEqual({
      cemeteryName: ['Nazwa cmentarza jest wymagana'],
      graveDescription: ['Podaj kwaterę, rząd i numer grobu albo opisz, gdzie jest grób'],
    });
    // A cemetery may have no street or house number; its locality is the address's city, asked once.
    const named = { ...cemetery, cemeteryName: 'Cmentarz parafialny', graveDescription: 'przy kaplicy' };
    expect(messagesOf({ ...named, street: '', houseNumber: '' })).toEqual({});
    expect(messagesOf({ ...named, city: '', postalCode: '3770' })).toEqual({
      city: ['Miejscowość cmentarza jest wymagana'],
      postalCode: ['Kod pocztowy powinien być w formacie XX-XXX'],
    });
    const complete = {
      ...cemetery,
      cemeteryName: 'Cmentarz Główny',
      cemeteryLocality: 'Przemyśl',
      graveSection: 'A',
      graveRow: '3',
      graveNumber: '12',
    };
    expect(messagesOf({ ...complete, services: ['candle-lighting', 'photo-after-delivery'] })).toEqual({});
    expect(messagesOf({ deliveryMethod: 'store', deliveryDate: '2026-12-01', pickupTime: '10:30', services: ['candle-lighting'] })).toEqual(
      {
        services: ['Usługi przy grobie dotyczą tylko dostawy na cmentarz'],
      },
    );
  });

  it('limits the card to 250 characters and the ribbon to 50, saying by how much to shorten them', () => {
    const store = { deliveryMethod: 'store' as const, deliveryDate: '2026-12-01', pickupTime: '10:30' };
    expect(
      messagesOf({
        ...store,
        cardMessage: 'a'.repeat(300),
        ribbonText: 'b'.repeat(51),
        cardSignature: 'c'.repeat(62),
        deliveryNotes: 'd'.repeat(305),
      }),
    ).toEqual({
      cardMessage: ['Bilecik może mieć najwyżej 250 znaków – skróć go o 50.'],
      ribbonText: ['Napis na szarfie może mieć najwyżej 50 znaków – skróć go o 1.'],
      cardSignature: ['Podpis może mieć najwyżej 60 znaków – skróć go o 2.'],
      deliveryNotes: ['Uwagi do dostawy mogą mieć najwyżej 300 znaków – skróć je o 5.'],
    });
    // Counted as the counter and the database count: an emoji is one character.
    expect(messagesOf({ ...store, cardMessage: '🌹'.repeat(250) })).toEqual({});
  });

  it('parses an order kept by an older version, without the florist fields, to their defaults', () => {
    const { recipient, anonymous, substitution, services, ...older } = { ...CHECKOUT_BUYER, deliveryMethod: 'gls' as const, ...address };
    void [recipient, anonymous, substitution, services];
    const result = v.safeParse(checkoutFormSchema, older);
    expect(result.success && result.output).toMatchObject({ recipient: 'self', anonymous: false, substitution: 'similar', services: [] });
  });
});
