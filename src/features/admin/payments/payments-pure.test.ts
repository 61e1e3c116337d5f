import { describe, expect, it } from 'vitest';
import type { LedgerProvider } from '../../../domain/payment-ledger.ts';
import type { Grosz } from '../../../domain/money.ts';
import { formatAmountField } from '../../../domain/amount-input.ts';
import { readAmount, readDay } from './amount-text.ts';
import { ledgerEntries } from './ledger-list.ts';
import { toAdminPayments, toAdminWithdrawals, type AdminPayment, type AdminRefund } from './ledger-rows.ts';
import {
  awaitingPaymentLabel,
  collectLabel,
  dueOf,
  paidOnline,
  paymentMethodLabel,
  paymentSummary,
  refundableOf,
  type MoneyOrder,
} from './order-money.ts';

const g = (value: number) => value as Grosz;

const payment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'p1',
  provider: 'payu-rest',
  method: 'blik',
  amount: g(12_000),
  state: 'completed',
  receivedOn: null,
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:01:00.000Z',
  refunds: [],
  ...overrides,
});

const refund = (overrides: Partial<AdminRefund> = {}): AdminRefund => ({
  id: 'r1',
  amount: g(5_000),
  state: 'completed',
  manual: false,
  refundedOn: null,
  reason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: '2026-11-21T10:05:00.000Z',
  ...overrides,
});

const order = (overrides: Partial<MoneyOrder> = {}): MoneyOrder => ({
  status: 'processing',
  total: g(12_000),
  amountPaid: g(0),
  amountRefunded: g(0),
  payments: [],
  ...overrides,
});

describe("the order's money in the back office", () => {
  it('says paid, unpaid, partly paid (how much of what) and refunded, from the ledger alone', () => {
    expect(paymentSummary(order())).toBe('Nieopłacone');
    expect(paymentSummary(order({ amountPaid: g(12_000) }))).toBe('Opłacone');
    expect(paymentSummary(order({ amountPaid: g(5_000) }))).toBe('Opłacone częściowo (zapłacono 50,00\u00a0zł z 120,00\u00a0zł)');
    expect(paymentSummary(order({ amountPaid: g(12_000), amountRefunded: g(2_000) }))).toBe(
      'Zwrócono część (20,00\u00a0zł z 120,00\u00a0zł)',
    );
    expect(paymentSummary(order({ amountPaid: g(12_000), amountRefunded: g(12_000) }))).toBe('Zwrócono (120,00\u00a0zł)');
  });

  it('is due what is not paid, nothing on a cancelled order; collected by the driver or already paid', () => {
    expect(dueOf(order({ amountPaid: g(5_000) }))).toBe(7_000);
    expect(dueOf(order({ amountPaid: g(15_000) }))).toBe(0);
    expect(dueOf(order({ status: 'cancelled' }))).toBe(0);
    expect(collectLabel(order({ amountPaid: g(5_000) }))).toBe('Do pobrania: 70,00\u00a0zł');
    expect(collectLabel(order({ amountPaid: g(12_000) }))).toBe('Opłacone');
    expect(collectLabel(order({ status: 'cancelled' }))).toBeNull();
  });

  it('refunds at most what was received less refunds completed or under way, as the SQL counts', () => {
    const refunds = [
      refund({ amount: g(2_000) }),
      refund({ id: 'r2', amount: g(3_000), state: 'pending' }),
      refund({ id: 'r3', state: 'failed' }),
    ];
    const paidOrder = order({ amountPaid: g(12_000), amountRefunded: g(2_000), payments: [payment({ refunds })] });
    expect(refundableOf(paidOrder)).toBe(7_000);
    expect(refundableOf(order())).toBe(0);
  });

  it('knows an order paid through a gateway from one paid by hand', () => {
    expect(paidOnline(order({ payments: [payment()] }))).toBe(true);
    expect(paidOnline(order({ payments: [payment({ provider: 'manual', method: 'transfer' })] }))).toBe(false);
    expect(paidOnline(order({ payments: [payment({ state: 'pending' })] }))).toBe(false);
  });

  it('names every method in Polish, the terminal too', () => {
    expect(paymentMethodLabel('transfer')).toBe('Przelew tradycyjny');
    expect(paymentMethodLabel('terminal')).toBe('Terminal płatniczy');
    expect(paymentMethodLabel('blik')).toBe('BLIK');
  });
});

describe('ledger rows', () => {
  it('maps payments with their refunds oldest first, in grosz, leaving out what this version does not know', () => {
    const payments = toAdminPayments([
      {
        id: 'b',
        provider: 'manual',
        method: 'transfer',
        // bigint as text, as a proxy may widen it: the generated row says number, the wire may say otherwise.
        amount_grosz: '5000' as unknown as number,
        state: 'completed',
        received_on: '2026-11-18',
        note: 'Przelew z mBanku',
        created_at: '2026-11-19T08:00:00.000Z',
        completed_at: '2026-11-19T08:00:00.000Z',
        refunds: [
          {
            id: 'r2',
            amount_grosz: 100,
            state: 'pending',
            manual: false,
            refunded_on: null,
            reason: null,
            created_at: '2026-11-21T00:00:00Z',
            completed_at: null,
          },
          {
            id: 'r1',
            amount_grosz: 200,
            state: 'completed',
            manual: true,
            refunded_on: '2026-11-20',
            reason: 'Brak',
            created_at: '2026-11-20T00:00:00Z',
            completed_at: null,
          },
          {
            id: 'rx',
            amount_grosz: 1,
            state: 'lost',
            // Only true reads as manual, whatever else arrives.
            manual: null as unknown as boolean,
            refunded_on: null,
            reason: null,
            created_at: '2026-11-20T00:00:00Z',
            completed_at: null,
          },
        ],
      },
      {
        id: 'a',
        provider: 'stripe',
        method: 'card',
        amount_grosz: 7000,
        state: 'canceled',
        received_on: null,
        note: null,
        created_at: '2026-11-10T08:00:00.000Z',
        completed_at: null,
      },
      {
        id: 'z',
        // A provider a later migration adds, read by this version.
        provider: 'bitcoin' as unknown as LedgerProvider,
        method: 'card',
        amount_grosz: 1,
        state: 'completed',
        received_on: null,
        note: null,
        created_at: '2026-11-10T08:00:00.000Z',
        completed_at: null,
      },
    ]);
    expect(payments.map((item) => [item.id, item.amount, item.state])).toEqual([
      ['a', 7000, 'canceled'],
      ['b', 5000, 'completed'],
    ]);
    expect(payments[1]!.refunds.map((item) => [item.id, item.amount, item.manual])).toEqual([
      ['r1', 200, true],
      ['r2', 100, false],
    ]);
    expect(toAdminPayments(null)).toEqual([]);
    expect(
      toAdminWithdrawals([
        { id: 'w', number: 'ODS-1', state: 'accepted' },
        { id: 'x', number: 'ODS-2', state: '?' },
      ]),
    ).toEqual([{ id: 'w', number: 'ODS-1', state: 'accepted' }]);
  });

  it('lists payments newest first, by state and by the order search', () => {
    const orders = [
      { number: 'KT1', payments: [payment({ id: 'old', createdAt: '2026-11-01T00:00:00Z' })] },
      {
        number: 'KT2',
        payments: [
          payment({ id: 'new', createdAt: '2026-11-03T00:00:00Z' }),
          payment({ id: 'mid', createdAt: '2026-11-02T00:00:00Z', state: 'rejected' }),
        ],
      },
    ];
    const matches = (item: { number: string }, query: string) => item.number.includes(query);
    expect(ledgerEntries(orders, {}, matches).map((entry) => entry.payment.id)).toEqual(['new', 'mid', 'old']);
    expect(ledgerEntries(orders, { status: 'completed' }, matches).map((entry) => entry.payment.id)).toEqual(['new', 'old']);
    expect(ledgerEntries(orders, { q: 'KT1' }, matches).map((entry) => entry.order.number)).toEqual(['KT1']);
  });
});

describe('typed amounts and days', () => {
  it('prefills and reads amounts in grosz, refusing nothing, zero, too much and nonsense', () => {
    expect(formatAmountField(g(12_050))).toBe('120,50');
    expect(formatAmountField(g(5))).toBe('0,05');
    expect(readAmount('120,50')).toEqual({ amount: 12_050 });
    expect(readAmount(' 1 000 ')).toEqual({ amount: 100_000 });
    expect(readAmount('')).toEqual({ error: 'Podaj kwotę.' });
    expect(readAmount('0')).toEqual({ error: 'Kwota musi być większa od zera.' });
    expect(readAmount('12zł')).toEqual({ error: 'Wpisz kwotę w złotych, np. 120,50.' });
    expect(readAmount('1,001')).toEqual({ error: 'Wpisz kwotę w złotych, np. 120,50.' });
    expect(readAmount('50,01', { amount: g(5_000), message: 'Za dużo.' })).toEqual({ error: 'Za dużo.' });
  });

  it('takes a real day not after the shop’s today', () => {
    expect(readDay('2026-11-20', '2026-11-20', 'Przyszłość.')).toEqual({ day: '2026-11-20' });
    expect(readDay('2026-11-21', '2026-11-20', 'Przyszłość.')).toEqual({ error: 'Przyszłość.' });
    expect(readDay('2026-02-30', '2026-11-20', 'Przyszłość.')).toEqual({ error: 'Podaj datę.' });
  });
});

describe('awaitingPaymentLabel', () => {
  const unpaid = (overrides: Partial<Parameters<typeof awaitingPaymentLabel>[0]> = {}) => ({
    ...order({ status: 'pending' }),
    paymentMethod: 'transfer',
    createdAt: '2026-11-25T09:00:00Z',
    florist: { deliveryDate: null },
    ...overrides,
  });

  it('says until when a transfer is awaited, by the owner’s working days', () => {
    expect(awaitingPaymentLabel(unpaid(), 3)).toBe('Oczekuje na wpłatę do końca dnia 30.11.2026 (poniedziałek)');
    expect(awaitingPaymentLabel(unpaid({ florist: { deliveryDate: '2026-11-27' } }), 3)).toBe(
      'Oczekuje na wpłatę do 26.11.2026 (czwartek), godz. 12:00',
    );
  });

  it('gives an online order 40 minutes from its newest attempt, and says nothing once paid or closed', () => {
    const attempt = payment({ state: 'canceled', createdAt: '2026-11-25T09:30:00Z' });
    expect(awaitingPaymentLabel(unpaid({ paymentMethod: 'blik', payments: [attempt] }), 3)).toBe(
      'Oczekuje na wpłatę do 25.11.2026 (środa), godz. 11:10',
    );
    expect(awaitingPaymentLabel(unpaid({ amountPaid: g(100) }), 3)).toBeNull();
    expect(awaitingPaymentLabel(unpaid({ status: 'cancelled' }), 3)).toBeNull();
  });
});
