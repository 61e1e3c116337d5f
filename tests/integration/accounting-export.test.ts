import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';
import { ORDERS_HEADER, PAYMENTS_HEADER, ordersCsv, paymentsCsv } from '../../src/features/admin/export/accounting-export.ts';
import { ADMIN_ORDER_SELECT, toAdminOrder, type OrderRow } from '../../src/features/admin/orders/order.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  checkoutFor,
  invokeFunction,
  placedGuestOrder,
  signedInOwner,
  signedUpCustomer,
  someProducts,
  withDatabase,
} from '../support/test-backend.ts';

/** RFC 4180 with ';': what a spreadsheet reads back from the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell || row.length) throw new Error('The file does not end with CRLF');
  return rows;
}

async function ordersAs(client: SupabaseClient) {
  const { data, error } = await client.from('orders').select(ADMIN_ORDER_SELECT);
  if (error) throw error;
  return (data as unknown as OrderRow[]).map(toAdminOrder);
}

const COMPANY = 'Kwiaty "Róża"; Żółć sp. z o.o.';

describe('the accountant export from the real back office data', () => {
  it('writes the owner’s order, its cash payment and a refund as Polish Excel reads them', async () => {
    const [product] = await someProducts(1);
    const placed = await invokeFunction(anonClient(), 'place-order', {
      clientRequestId: randomUUID(),
      checkout: checkoutFor({
        wantsInvoice: true,
        invoiceNip: '7740001454',
        invoiceCompany: COMPANY,
        invoiceAddress: 'ul. Długa 1, 37-740 Bircza',
      }),
      items: [{ productId: product!.id, quantity: 2 }],
    });
    expect(placed.status).toBe(201);
    const { id } = placed.body.order as { id: string };
    const stored = await withDatabase(async (db) => {
      const { rows } = await db.query<{ number: string; total_grosz: string }>(
        'select payu_order_id as number, round(total * 100)::bigint as total_grosz from orders where id = $1',
        [id],
      );
      return rows[0]!;
    });
    const total = Number(stored.total_grosz);

    const owner = await signedInOwner();
    const today = warsawDate(Date.now());
    const paid = await invokeFunction(owner, 'owner-payments', {
      action: 'mark-paid',
      orderId: id,
      method: 'cash',
      amount: total,
      receivedOn: today,
    });
    expect(paid.status).toBe(200);
    // Money goes back for a cancelled order (owner-payments refuses it otherwise): cancelled as the back office does.
    const cancelled = await owner.from('orders').update({ status: 'cancelled', cancel_reason: 'Klient zrezygnował' }).eq('id', id);
    expect(cancelled.error).toBeNull();
    const refunded = await invokeFunction(owner, 'owner-payments', {
      action: 'refund',
      orderId: id,
      amount: 500,
      reason: 'Brak jednej gałązki',
      manual: { refundedOn: today },
    });
    expect(refunded.status).toBe(200);

    const range = { from: today, to: today };
    const orders = await ordersAs(owner);
    const ordersFile = ordersCsv(orders, range);
    const bytes = Buffer.from(ordersFile, 'utf8');
    // The BOM, as bytes: Excel on Windows reads the file as UTF-8 only with it.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)).toBe(ordersFile.slice(1));

    const [header, ...rows] = parseCsv(ordersFile.slice(1));
    expect(header).toEqual([...ORDERS_HEADER]);
    const row = rows.find((cells) => cells[0] === stored.number);
    expect(row).toBeDefined();
    const cell = (name: (typeof ORDERS_HEADER)[number]) => row![ORDERS_HEADER.indexOf(name)];
    expect(cell('Data zamówienia')).toBe(today);
    expect(cell('Firma')).toBe(COMPANY);
    expect(cell('NIP')).toBe('774-000-14-54');
    expect(cell('Telefon')).toBe("'+48 600 100 200");
    expect(cell('Pozycje')).toMatch(new RegExp(`× 2 po `));
    expect(cell('Razem brutto (zł)')).toBe(`${Math.floor(total / 100)},${String(total % 100).padStart(2, '0')}`);
    expect(cell('Metoda płatności')).toBe('Przelew tradycyjny');
    expect(cell('Stan płatności')).toBe('Zwrócono część');
    expect(cell('Status zamówienia')).toBe('Anulowane');
    expect(cell('Zwrócono (zł)')).toBe('5,00');

    const [paymentsHeader, ...ledger] = parseCsv(paymentsCsv(orders, range).slice(1));
    expect(paymentsHeader).toEqual([...PAYMENTS_HEADER]);
    const mine = ledger
      .filter((cells) => cells[PAYMENTS_HEADER.indexOf('Numer zamówienia')] === stored.number)
      .map((cells) => Object.fromEntries(PAYMENTS_HEADER.map((name, index) => [name, cells[index]])));
    const totalText = cell('Razem brutto (zł)');
    expect(mine).toEqual([
      {
        Data: today,
        Rodzaj: 'Wpłata',
        'Numer zamówienia': stored.number,
        Klient: COMPANY,
        NIP: '774-000-14-54',
        'Kwota (zł)': totalText,
        Metoda: 'Gotówka',
        Operator: 'Zapisane ręcznie',
        Stan: 'Opłacone',
        Uwagi: '',
      },
      {
        Data: today,
        Rodzaj: 'Zwrot',
        'Numer zamówienia': stored.number,
        Klient: COMPANY,
        NIP: '774-000-14-54',
        'Kwota (zł)': '-5,00',
        Metoda: 'Poza sklepem',
        Operator: 'Zapisane ręcznie',
        Stan: 'Zwrócono',
        Uwagi: 'Brak jednej gałązki',
      },
    ]);

    // The day before holds none of it.
    const [, ...before] = parseCsv(ordersCsv(orders, { from: '2026-01-01', to: '2026-01-02' }).slice(1));
    expect(before.some((cells) => cells[0] === stored.number)).toBe(false);
  });

  it('gives a customer only a header: other people’s orders are the owner’s alone, and a visitor reads none', async () => {
    await placedGuestOrder();
    const { client } = await signedUpCustomer('export');
    const orders = await ordersAs(client);
    expect(orders).toEqual([]);
    expect(ordersCsv(orders, { from: '2020-01-01', to: '2030-12-31' })).toBe(`\uFEFF${ORDERS_HEADER.join(';')}\r\n`);
    await expect(ordersAs(anonClient())).rejects.toMatchObject({ code: '42501' });
  });
});
