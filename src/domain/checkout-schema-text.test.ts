import { describe, expect, it } from 'vitest';
import { PICKUP_CHECKOUT, checkoutMessages } from '../../tests/support/checkout-form.ts';
import type { CheckoutFormValues } from './checkout-schema.ts';
import { INVALID_CHARACTERS_MESSAGE } from './text-rules.ts';

const messagesOf = (values: Partial<CheckoutFormValues>) => checkoutMessages({ ...PICKUP_CHECKOUT, ...values });

describe('the checkout schema and what text may hold', () => {
  it('refuses a name that carries an address, with the field named', () => {
    expect(messagesOf({ lastName: 'https://evil.example/zwrot' })).toEqual({
      lastName: ['Nazwisko może zawierać tylko litery, spacje, łączniki (-) i apostrofy'],
    });
    expect(messagesOf({ firstName: 'anna@example.pl' })).toEqual({
      firstName: ['Imię może zawierać tylko litery, spacje, łączniki (-) i apostrofy'],
    });
    expect(messagesOf({ recipient: 'other', recipientName: '<b>Maria</b>' })).toEqual({
      recipientName: ['Imię i nazwisko odbiorcy może zawierać tylko litery, spacje, łączniki (-) i apostrofy'],
    });
  });

  it('takes names with Polish and Ukrainian letters, hyphens, apostrophes and initials', () => {
    expect(messagesOf({ firstName: 'Łucja', lastName: 'Żółć-Nowak' })).toEqual({});
    expect(messagesOf({ firstName: 'Олена', lastName: "O'Brien", recipient: 'other', recipientName: 'J. Kowalski' })).toEqual({});
  });

  it('refuses a comma-separated address, which mail would send to its last part', () => {
    expect(messagesOf({ email: 'a,b@audit.test' })).toEqual({ email: ['Nieprawidłowy format adresu e-mail'] });
  });

  it('refuses a NUL byte or a lone surrogate in any text field', () => {
    expect(messagesOf({ cardMessage: 'Sto lat\u0000' })).toEqual({ cardMessage: [INVALID_CHARACTERS_MESSAGE] });
    expect(messagesOf({ cardSignature: 'Ania\ud83c' })).toEqual({ cardSignature: [INVALID_CHARACTERS_MESSAGE] });
    expect(messagesOf({ ribbonText: 'Ostatnie\u0007pożegnanie' })).toEqual({ ribbonText: [INVALID_CHARACTERS_MESSAGE] });
  });

  it('takes line breaks in the card message and the delivery notes, and nowhere else', () => {
    expect(messagesOf({ cardMessage: 'Sto lat!\nAnia', deliveryNotes: 'Domofon 5\r\ndrugie piętro' })).toEqual({});
    expect(messagesOf({ cardSignature: 'Ania\ni Tomek' })).toEqual({ cardSignature: [INVALID_CHARACTERS_MESSAGE] });
  });

  it('refuses the all-zero NIP', () => {
    expect(messagesOf({ wantsInvoice: true, invoiceNip: '0000000000', invoiceCompany: 'Firma', invoiceAddress: 'ul. Długa 1' })).toEqual({
      invoiceNip: ['Nieprawidłowy NIP'],
    });
  });
});
