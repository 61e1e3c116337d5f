import { describe, expect, it } from 'vitest';
import { toAdminOrder } from '../../src/features/admin/orders/order.ts';
import { printTicket } from '../../src/features/admin/fulfilment/print-ticket.ts';
import { floristRow } from '../support/florist-order-rows.ts';

const ticketText = (ticket: ReturnType<typeof printTicket>) => JSON.stringify(ticket);

describe('printed ticket', () => {
  it('carries the work sheet, the driver slip and the card of a gift', () => {
    const ticket = printTicket(
      toAdminOrder(
        floristRow({
          delivery_date: '2026-11-25',
          occasion: 'funeral',
          venue: { type: 'church', name: 'Archikatedra', address: 'Plac Katedralny 4, Przemyśl', eventTime: '11:00' },
          ribbon_text: 'Ostatnie pożegnanie',
          substitution: 'call-first',
        }),
      ),
    );
    expect(ticket.when).toBe('środa, 25 listopada 2026 · 9:00–12:00');
    expect(ticket.work).toMatchObject({
      items: [{ name: 'Bukiet róż', quantity: 1 }],
      occasion: 'Pogrzeb',
      venue: 'Kościół, Archikatedra, Plac Katedralny 4, Przemyśl · godz. 11:00',
      substitution: 'Zadzwońcie do mnie przed zamianą',
      ribbon: 'Ostatnie pożegnanie',
      callBeforeSubstitution: '+48 501 222 333',
    });
    expect(ticket.driver).toMatchObject({
      recipient: 'Grażyna Wiśniewska',
      phone: '+48 700 800 900',
      address: 'Słowackiego 5, 37-700 Przemyśl',
      notes: 'Brama od podwórza',
    });
    expect(ticket.card).toEqual({ message: 'Wszystkiego najlepszego!', signature: 'Anna' });
  });

  it('prints the cemetery and the grave location for a cemetery delivery', () => {
    const ticket = printTicket(
      toAdminOrder(
        floristRow({
          delivery_date: '2026-11-25',
          delivery_method: 'cemetery',
          delivery_address: null,
          cemetery: { name: 'Cmentarz Główny', locality: 'Przemyśl', section: '12', row: '3', number: '45', description: 'przy kaplicy' },
          services: [{ id: 'candle-lighting', label: 'Zapalenie znicza', price: 30 }],
        }),
      ),
    );
    expect(ticket.driver).toMatchObject({
      cemetery: 'Cmentarz Główny, Przemyśl',
      grave: 'kwatera 12, rząd 3, nr 45 · przy kaplicy',
      services: ['Zapalenie znicza'],
      address: null,
    });
  });

  it("never prints the buyer's name on an anonymous order, not even in the signature", () => {
    const anonymous = toAdminOrder(
      floristRow({ delivery_date: '2026-11-25', card_anonymous: true, card_signature: 'Anna Nowak', customer_name: 'Anna Nowak' }),
    );
    const ticket = printTicket(anonymous);
    expect(ticket.card).toEqual({ message: 'Wszystkiego najlepszego!', signature: null });
    expect(ticketText(ticket)).not.toMatch(/Anna|Nowak/);

    const signedOtherwise = printTicket(
      toAdminOrder(floristRow({ delivery_date: '2026-11-25', card_anonymous: true, card_signature: 'Cichy wielbiciel' })),
    );
    expect(signedOtherwise.card?.signature).toBe('Cichy wielbiciel');
    expect(ticketText(signedOtherwise)).not.toMatch(/Anna|Nowak/);
  });

  it('keeps the signature of a signed (not anonymous) card', () => {
    const ticket = printTicket(toAdminOrder(floristRow({ delivery_date: '2026-11-25', card_signature: 'Anna Nowak' })));
    expect(ticket.card?.signature).toBe('Anna Nowak');
  });

  it('lists the flowers first and each add-on after them, marked as going with the bouquet', () => {
    const ticket = printTicket(
      toAdminOrder(
        floristRow({
          delivery_date: '2026-11-25',
          order_items: [
            {
              id: 'v',
              product_id: 'vase',
              quantity: 1,
              price: 39,
              product_name: 'Wazon szklany',
              products: { name: 'Wazon szklany' },
              is_addon: true,
            },
            {
              id: 'b',
              product_id: 'p1',
              quantity: 1,
              price: 169,
              product_name: 'Bukiet róż',
              size_label: 'Duży',
              products: { name: 'Bukiet róż' },
            },
          ],
        }),
      ),
    );
    expect(ticket.work.items).toEqual([
      { name: 'Bukiet róż (Duży)', quantity: 1, isAddon: false },
      { name: 'Wazon szklany', quantity: 1, isAddon: true },
    ]);
  });
});
