import { describe, expect, it } from 'vitest';
import {
  hashOrderLinkToken,
  isOrderLinkTokenShape,
  mailLinksOrderPage,
  newOrderLinkToken,
} from '../../functions/_shared/mail/order-link-token.ts';
import { orderPageUrl } from '../../functions/_shared/mail/order-blocks.ts';
import { mailContext, type OrderMailRow } from '../../functions/mail-dispatch/order-context.ts';

const ROW = {
  id: 'order-1',
  payu_order_id: 'KT2611240001',
  customer_name: 'Anna',
  customer_email: 'anna@example.pl',
  customer_phone: '600100200',
  subtotal: 10,
  shipping_cost: 0,
  services: [],
  total: 10,
  delivery_method: 'store',
  delivery_address: null,
  delivery_date: null,
  delivery_window_label: null,
  pickup_time: null,
  recipient_kind: 'self',
  recipient_name: null,
  recipient_phone: null,
  payment_method: 'payu',
  created_at: '2026-11-24T10:00:00Z',
  order_items: [],
} satisfies OrderMailRow;

describe('order link tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newOrderLinkToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(isOrderLinkTokenShape(token)).toBe(true);
  });

  it('are stored as their SHA-256 in hex, never as themselves', async () => {
    const token = newOrderLinkToken();
    const hash = await hashOrderLinkToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(await hashOrderLinkToken(token)).toBe(hash);
    // SHA-256('abc'), the standard test vector.
    expect(await hashOrderLinkToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses strings that cannot be a token', () => {
    for (const bad of ['', 'short', 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}+`])
      expect(isOrderLinkTokenShape(bad)).toBe(false);
  });

  it('go into every customer mail link, not the owner notice', () => {
    expect(mailLinksOrderPage('order-confirmation')).toBe(true);
    expect(mailLinksOrderPage('order-link')).toBe(true);
    expect(mailLinksOrderPage('owner-new-order')).toBe(false);
  });

  it('make the order page link /zamowienie/<number>?t=<token>', () => {
    const context = mailContext(ROW, {}, 'https://sklep.example.pl/');
    expect(orderPageUrl({ ...context, orderToken: 'abc_DEF-123' })).toBe('https://sklep.example.pl/zamowienie/KT2611240001?t=abc_DEF-123');
    expect(orderPageUrl(context)).toBe('https://sklep.example.pl/zamowienie/KT2611240001');
  });
});
