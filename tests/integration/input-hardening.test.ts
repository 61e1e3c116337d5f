import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_MESSAGE } from '../../src/domain/text-rules.ts';
import { anonClient, checkoutFor, invokeFunction, someProducts, withDatabase } from '../support/test-backend.ts';

/** What the shop refuses to store or mail, through the real functions (docs/security.md, 'Input'). */

async function placeOrder(checkout: Record<string, unknown>) {
  const [product] = await someProducts(1);
  const clientRequestId = randomUUID();
  const answer = await invokeFunction(anonClient(), 'place-order', {
    clientRequestId,
    checkout: checkoutFor(checkout),
    items: [{ productId: product!.id, quantity: 1 }],
  });
  return { ...answer, clientRequestId };
}

async function storedOrders(clientRequestId: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ count: string }>('select count(*) from orders where client_request_id = $1', [clientRequestId]);
    return Number(rows[0]?.count);
  });
}

const fieldsOf = (body: Record<string, unknown>) => body.fields as Record<string, string> | undefined;

describe('place-order refuses text that could phish, misdirect mail or break the database', () => {
  it('refuses a last name carrying an address (it would be mailed in the greeting to any address)', async () => {
    const answer = await placeOrder({ lastName: 'https://evil.example/zwrot', email: 'ofiara@example.test' });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)?.['checkout.lastName']).toBe('Nazwisko może zawierać tylko litery, spacje, łączniki (-) i apostrofy');
    expect(await storedOrders(answer.clientRequestId)).toBe(0);
  });

  it('refuses an address with a comma, which was stored as typed but mailed to its last part', async () => {
    const answer = await placeOrder({ email: 'a,b@audit.test' });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)?.['checkout.email']).toBe('Nieprawidłowy format adresu e-mail');
    expect(await storedOrders(answer.clientRequestId)).toBe(0);
  });

  it.each([
    ['cardMessage', 'Sto lat\u0000', 'a NUL byte'],
    ['cardMessage', 'Sto lat \ud83c', 'a lone surrogate'],
    ['deliveryNotes', 'Domofon\u001b[5', 'an escape'],
  ])('answers %s with %s (%s) with 400 and the field, never 500', async (field, value) => {
    const answer = await placeOrder({ [field]: value });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_characters');
    expect(fieldsOf(answer.body)).toEqual({ [`checkout.${field}`]: INVALID_CHARACTERS_MESSAGE });
    expect(await storedOrders(answer.clientRequestId)).toBe(0);
  });

  it('refuses the all-zero NIP, whose check digit adds up', async () => {
    const answer = await placeOrder({
      wantsInvoice: true,
      invoiceNip: '0000000000',
      invoiceCompany: 'Firma Testowa',
      invoiceAddress: 'ul. Długa 1, 37-700 Przemyśl',
    });
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer.body)?.['checkout.invoiceNip']).toBe('Nieprawidłowy NIP');
    expect(await storedOrders(answer.clientRequestId)).toBe(0);
  });

  it('still takes a card message with line breaks and an emoji', async () => {
    const answer = await placeOrder({ cardMessage: 'Sto lat!\n🌹 Ania' });
    expect(answer.status).toBe(201);
  });
});

describe('every function answers control characters with 400, never 500', () => {
  it.each([
    ['withdrawal-request', { action: 'lookup', number: 'KT123\u0000456789', email: 'anna@example.test' }],
    ['order-link-request', { number: 'KT123\u0000456789', email: 'anna@example.test' }],
    ['order-page', { number: 'KT123\ud800456789' }],
    ['send-contact-email', { name: 'Anna Nowak', email: 'anna@example.test', subject: 'info', message: 'Dzień dobry\u0000' }],
    ['place-order', { clientRequestId: randomUUID(), checkout: { ['firstName\u0000']: 'Anna' }, items: [] }],
  ])('%s', async (name, body) => {
    const answer = await invokeFunction(anonClient(), name, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_characters');
    expect(answer.body.message).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  it('refuses a contact name with an address, as the checkout does', async () => {
    const answer = await invokeFunction(anonClient(), 'send-contact-email', {
      name: 'Wygrana <https://evil.example>',
      email: 'anna@example.test',
      subject: 'info',
      message: 'Dzień dobry',
    });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)?.name).toBe('Imię i nazwisko może zawierać tylko litery, spacje, łączniki (-) i apostrofy');
  });
});
