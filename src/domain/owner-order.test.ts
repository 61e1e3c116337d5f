import { describe, expect, it } from 'vitest';
import { issuesByField } from './validation-issues.ts';
import { parseOwnerOrder, storedCustomer } from './owner-order.ts';

const PRODUCT = '811546a5-832e-49cf-b3c0-9e29122b2d96';

function body(overrides: Record<string, unknown> = {}) {
  return {
    clientRequestId: '5b0c6f9e-3d1a-4c2b-9e8f-7a6b5c4d3e2f',
    source: 'phone',
    customer: { firstName: 'Jan', lastName: 'Nowak', phone: '+48 600 200 300', email: '' },
    checkout: { deliveryMethod: 'store', deliveryDate: '2026-12-10', pickupTime: '10:00' },
    items: [{ productId: PRODUCT, quantity: 1 }],
    payment: 'cash',
    ...overrides,
  };
}

const fieldsOf = (input: unknown) => {
  const parsed = parseOwnerOrder(input);
  return parsed.success ? {} : issuesByField(parsed.issues);
};

describe('parseOwnerOrder', () => {
  it("reads a phone order, the order's part with the checkout's schema", () => {
    const parsed = parseOwnerOrder(body());
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.checkout).toMatchObject({ deliveryMethod: 'store', pickupTime: '10:00', recipient: 'self' });
    expect(storedCustomer(parsed.request)).toEqual({ name: 'Jan Nowak', email: '', phone: '+48 600 200 300' });
  });

  it('a walk-in stores no stand-in: its name is "Klient w sklepie", its phone and email empty', () => {
    const parsed = parseOwnerOrder(body({ source: 'shop', customer: {} }));
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(storedCustomer(parsed.request)).toEqual({ name: 'Klient w sklepie', email: '', phone: '' });
  });

  it('names every problem at once, in Polish, by field', () => {
    expect(
      fieldsOf(
        body({
          customer: { firstName: '', lastName: '', phone: '', email: '' },
          items: [],
          payment: 'link',
          discount: { amount: 500, reason: '' },
          checkout: { deliveryMethod: 'home' },
        }),
      ),
    ).toMatchObject({
      items: 'Dodaj produkt lub bukiet na zamówienie',
      'customer.lastName': 'Podaj nazwisko klienta (zamówienie telefoniczne)',
      'customer.phone': 'Podaj telefon klienta (zamówienie telefoniczne)',
      'customer.email': 'Link do płatności wyślemy na e-mail: podaj go',
      'discount.reason': 'Podaj powód rabatu',
      'checkout.deliveryDate': 'Wybierz dzień',
      'checkout.street': 'Ulica jest wymagana',
    });
  });

  it('takes a custom line alone, and refuses a free or nameless one', () => {
    expect(parseOwnerOrder(body({ items: [], customLine: { description: 'Bukiet z piwonii', price: 15_000 } })).success).toBe(true);
    expect(fieldsOf(body({ customLine: { description: 'x', price: 0 } }))).toMatchObject({
      'customLine.description': 'Opisz bukiet (co najmniej 3 znaki)',
      'customLine.price': 'Cena bukietu musi być większa od zera',
    });
  });

  it("answers a body with parts missing in Polish only, never with the schema library's English", () => {
    const parsed = parseOwnerOrder({ ...body({ checkout: {} }), customer: undefined, items: undefined });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(issuesByField(parsed.issues)).toMatchObject({ 'checkout.deliveryMethod': 'Wybierz sposób dostawy' });
    expect(parsed.issues.map((issue) => issue.message).filter((message) => /Invalid|Expected/.test(message))).toEqual([]);
  });
});
