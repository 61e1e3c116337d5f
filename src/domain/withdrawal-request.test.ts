import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesByField } from './validation-issues.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from './withdrawal-right.ts';
import {
  ALREADY_REQUESTED_REFUSAL,
  CANCELLED_REFUSAL,
  NO_LINES_MESSAGE,
  decideWithdrawal,
  lineEligibility,
  recordedReceiptDay,
  withdrawalLastDay,
  withdrawalPeriodNote,
  withdrawalRequestSchema,
  withdrawalSubmitSchema,
  type OrderedLine,
  type WithdrawalOrderFacts,
} from './withdrawal-request.ts';

const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';

function fieldErrors(input: unknown): Record<string, string> {
  const result = v.safeParse(withdrawalRequestSchema, input);
  return result.success ? {} : issuesByField(result.issues);
}

describe('the withdrawal request schema', () => {
  it('normalises the order number and email: trimmed, number upper case, email lower case, reason optional', () => {
    const parsed = v.parse(withdrawalRequestSchema, {
      action: 'submit',
      number: ' kt123456789 ',
      email: ' Ala@Example.PL ',
      lines: [{ productId: PRODUCT_ID, quantity: 2 }],
    });
    expect(parsed).toEqual({
      action: 'submit',
      number: 'KT123456789',
      email: 'ala@example.pl',
      lines: [{ productId: PRODUCT_ID, sizeLabel: null, quantity: 2 }],
      reason: '',
    });
  });

  it('names each bad field in Polish: a missing number, a malformed email', () => {
    expect(fieldErrors({ action: 'lookup', email: 'nie-email' })).toEqual({
      number: 'Podaj numer zamówienia (np. KT123456789).',
      email: 'Nieprawidłowy format adresu e-mail.',
    });
  });

  it('refuses a submit with no lines, a repeated product, a zero or fractional quantity, a product id that is not a uuid', () => {
    const base = { action: 'submit', number: 'KT1', email: 'a@b.pl' };
    expect(fieldErrors({ ...base, lines: [] })).toEqual({ lines: NO_LINES_MESSAGE });
    expect(fieldErrors({ ...base })).toEqual({ lines: NO_LINES_MESSAGE });
    const twice = [
      { productId: PRODUCT_ID, quantity: 1 },
      { productId: PRODUCT_ID, quantity: 1 },
    ];
    expect(fieldErrors({ ...base, lines: twice })).toEqual({ lines: 'Każdy produkt wybierz tylko raz.' });
    expect(fieldErrors({ ...base, lines: [{ productId: PRODUCT_ID, quantity: 0 }] })).toEqual({
      'lines.0.quantity': 'Podaj co najmniej 1 szt.',
    });
    expect(fieldErrors({ ...base, lines: [{ productId: PRODUCT_ID, quantity: 1.5 }] })).toEqual({
      'lines.0.quantity': 'Podaj liczbę sztuk.',
    });
    expect(fieldErrors({ ...base, lines: [{ productId: 'x', quantity: 1 }] })).toEqual({ 'lines.0.productId': 'Nieprawidłowy produkt.' });
  });

  it('limits the reason to 1000 characters and refuses an unknown action', () => {
    const result = v.safeParse(withdrawalSubmitSchema, {
      number: 'KT1',
      email: 'a@b.pl',
      lines: [{ productId: PRODUCT_ID, quantity: 1 }],
      reason: 'x'.repeat(1001),
    });
    expect(result.success).toBe(false);
    expect(fieldErrors({ action: 'delete', number: 'KT1', email: 'a@b.pl' })).toEqual({ action: 'Nieznana operacja.' });
  });
});

describe('the 14 days', () => {
  it('ends 14 days after the day of receipt, and is unknown without one', () => {
    expect(withdrawalLastDay('2026-12-20')).toBe('2027-01-03');
    expect(withdrawalLastDay(null)).toBeNull();
    expect(withdrawalPeriodNote('2026-12-20', '2027-01-03')).toContain('mija 03.01.2027');
    expect(withdrawalPeriodNote('2026-12-20', '2027-01-04')).toContain('minął 03.01.2027');
    expect(withdrawalPeriodNote(null, '2027-01-04')).toContain('nie ma zapisanej daty odbioru');
  });

  it('counts receipt only from a delivery marked delivered: its day, or for a courier the last change', () => {
    expect(recordedReceiptDay({ fulfilmentState: 'delivered', deliveryDate: '2026-12-20', updatedAt: '2026-12-22T10:00:00Z' })).toBe(
      '2026-12-20',
    );
    // 23:30 UTC on the 21st is already the 22nd in Warsaw.
    expect(recordedReceiptDay({ fulfilmentState: 'delivered', deliveryDate: null, updatedAt: '2026-12-21T23:30:00Z' })).toBe('2026-12-22');
    expect(
      recordedReceiptDay({ fulfilmentState: 'out-for-delivery', deliveryDate: '2026-12-20', updatedAt: '2026-12-22T10:00:00Z' }),
    ).toBeNull();
  });
});

describe('which ordered lines may go back', () => {
  const facts: WithdrawalOrderFacts = { ribbonText: null, cancelled: false, receivedOn: null, today: '2026-12-01' };
  const line = (overrides: Partial<OrderedLine> = {}): OrderedLine => ({
    productId: PRODUCT_ID,
    name: 'Znicz szklany',
    quantity: 3,
    alreadyRequested: 0,
    product: { category: 'candles' },
    ...overrides,
  });

  it('refuses live flowers with the art. 38 ust. 1 pkt 4 reason, and a wreath with a ribbon text with pkt 3', () => {
    const bouquet = lineEligibility(line({ name: 'Bukiet róż', product: { category: 'live-flowers' } }), facts);
    expect(bouquet).toMatchObject({ returnable: 0, refusal: WITHDRAWAL_EXEMPTION_REASONS.perishable });
    const wreath = lineEligibility(line({ name: 'Wieniec sztuczny', product: { category: 'artificial-flowers' } }), {
      ...facts,
      ribbonText: 'Ukochanej Mamie',
    });
    expect(wreath).toMatchObject({ returnable: 0, refusal: WITHDRAWAL_EXEMPTION_REASONS.personalised });
  });

  it('lets a returnable line go back up to what earlier requests left, and not at all after the period or for a cancelled order', () => {
    expect(lineEligibility(line(), facts)).toMatchObject({ returnable: 3, refusal: null });
    expect(lineEligibility(line({ alreadyRequested: 2 }), facts)).toMatchObject({ returnable: 1, refusal: null });
    expect(lineEligibility(line({ alreadyRequested: 3 }), facts)).toMatchObject({ returnable: 0, refusal: ALREADY_REQUESTED_REFUSAL });
    expect(lineEligibility(line(), { ...facts, cancelled: true })).toMatchObject({ refusal: CANCELLED_REFUSAL });
    expect(lineEligibility(line(), { ...facts, receivedOn: '2026-11-17' }).refusal).toBeNull();
    expect(lineEligibility(line(), { ...facts, receivedOn: '2026-11-16' }).refusal).toMatch(/^Minął 14-dniowy termin/);
  });

  it('accepts the chosen pieces it may, refuses the rest with the reason', () => {
    const candle = lineEligibility(line(), facts);
    const bouquet = lineEligibility(
      line({ productId: '22222222-2222-4222-8222-222222222222', name: 'Bukiet', product: { category: 'live-flowers' } }),
      facts,
    );
    const decision = decideWithdrawal(
      [candle, bouquet],
      [
        { productId: candle.productId, quantity: 5 },
        { productId: bouquet.productId, quantity: 1 },
      ],
    );
    expect(decision.accepted).toEqual([{ productId: candle.productId, sizeLabel: null, name: 'Znicz szklany', quantity: 3 }]);
    expect(decision.refused).toEqual([
      {
        productId: candle.productId,
        sizeLabel: null,
        name: 'Znicz szklany',
        quantity: 2,
        reason: 'Z tej pozycji można zwrócić najwyżej 3 szt.',
      },
      { productId: bouquet.productId, sizeLabel: null, name: 'Bukiet', quantity: 1, reason: WITHDRAWAL_EXEMPTION_REASONS.perishable },
    ]);
  });

  it('takes two sizes of one product as two lines, each with what may still go back of it', () => {
    const small = lineEligibility(line({ sizeLabel: 'Mały', name: 'Kosz upominkowy (Mały)', quantity: 2 }), facts);
    const big = lineEligibility(line({ sizeLabel: 'Duży', name: 'Kosz upominkowy (Duży)', quantity: 1, alreadyRequested: 1 }), facts);
    expect([small.returnable, big.returnable]).toEqual([2, 0]);
    const decision = decideWithdrawal(
      [small, big],
      [
        { productId: PRODUCT_ID, sizeLabel: 'Duży', quantity: 1 },
        { productId: PRODUCT_ID, sizeLabel: 'Mały', quantity: 2 },
      ],
    );
    expect(decision.accepted).toEqual([{ productId: PRODUCT_ID, sizeLabel: 'Mały', name: 'Kosz upominkowy (Mały)', quantity: 2 }]);
    expect(decision.refused).toEqual([
      { productId: PRODUCT_ID, sizeLabel: 'Duży', name: 'Kosz upominkowy (Duży)', quantity: 1, reason: ALREADY_REQUESTED_REFUSAL },
    ]);
    // A size the order does not have is no line of it.
    expect(decideWithdrawal([small], [{ productId: PRODUCT_ID, quantity: 1 }])).toEqual({ accepted: [], refused: [] });
  });

  it('lets each line of a product be chosen once: the same size twice is refused, two sizes are not', () => {
    const submit = (lines: unknown[]) => ({ action: 'submit', number: 'KT123456789', email: 'ala@example.pl', lines });
    expect(
      fieldErrors(
        submit([
          { productId: PRODUCT_ID, sizeLabel: 'Mały', quantity: 1 },
          { productId: PRODUCT_ID, sizeLabel: 'Duży', quantity: 1 },
        ]),
      ),
    ).toEqual({});
    expect(
      Object.values(
        fieldErrors(
          submit([
            { productId: PRODUCT_ID, sizeLabel: 'Mały', quantity: 1 },
            { productId: PRODUCT_ID, sizeLabel: 'Mały', quantity: 1 },
          ]),
        ),
      ),
    ).toEqual(['Każdy produkt wybierz tylko raz.']);
  });
});
