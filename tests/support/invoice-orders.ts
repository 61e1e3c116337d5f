import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { anonClient, checkoutFor, invokeFunction, serviceClient, testBackend, withDatabase } from './test-backend.ts';

/** 'Wieniec z chryzantem' (149.00 PLN in supabase/seed.sql), picked up in the shop. */
export const WREATH_ID = '83f26a72-645b-4406-a466-2aed0712dad5';
export const WREATH_TOTAL = 14_900;

export interface PlacedCompanyOrder {
  id: string;
  orderNumber: string;
  /** The placing device's key to the order page. */
  accessKey: string;
}

/** A company's order of the wreath, asking for an invoice, as place-order answers it. */
export async function placeCompanyOrderFor(paymentMethod: string, email?: string): Promise<PlacedCompanyOrder> {
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId: randomUUID(),
    checkout: checkoutFor({
      ...(email ? { email } : {}),
      deliveryMethod: 'store',
      paymentMethod,
      wantsInvoice: true,
      invoiceNip: '7740001454',
      invoiceCompany: 'Kwiaty Nowak sp. z o.o.',
      invoiceAddress: 'ul. Długa 1, 37-740 Bircza',
    }),
    items: [{ productId: WREATH_ID, quantity: 1 }],
  });
  expect(answer.status).toBe(201);
  return answer.body.order as PlacedCompanyOrder;
}

/** A company's order of the wreath, asking for an invoice; its id. */
export async function placeCompanyOrder(paymentMethod: string): Promise<string> {
  return (await placeCompanyOrderFor(paymentMethod)).id;
}

/** The wreath's order paid in full through the ledger, as a gateway's notification does it: 'applied' or 'duplicate'. */
export async function payWreathOrder(orderId: string, eventId: string): Promise<string> {
  const { data, error } = await serviceClient().rpc('ledger_apply_payment_event', {
    p_provider: 'stripe',
    p_event_id: eventId,
    p_order_id: orderId,
    p_provider_payment_id: `cs_test_${orderId}`,
    p_method: 'card',
    p_amount: WREATH_TOTAL,
    p_currency: 'pln',
    p_state: 'completed',
    p_charge_id: 'pi_test_1',
    p_content: { test: true },
  });
  if (error) throw new Error(error.message);
  return data as string;
}

/** The NIP of this install's KSeF certificate: the only seller the local KSeF stand-in accepts. */
export function ksefNip(): string {
  const secrets = JSON.parse(readFileSync(join(testBackend().dataDir, 'secrets.json'), 'utf8')) as { ksef: { nip: string } };
  return secrets.ksef.nip;
}

export async function setSellerNip(nip: string): Promise<void> {
  await withDatabase((db) =>
    db.query("insert into app_settings (key, value) values ('company_nip', $1) on conflict (key) do update set value = excluded.value", [
      nip,
    ]),
  );
}
