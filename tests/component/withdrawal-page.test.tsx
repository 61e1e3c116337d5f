import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { WITHDRAWAL_ORDER_NOT_FOUND, type WithdrawalLookupAnswer, type WithdrawalReceipt } from '../../src/domain/withdrawal-request.ts';
import { WITHDRAWAL_EXEMPTION_REASONS } from '../../src/domain/withdrawal-right.ts';
import { OFFLINE_MESSAGE } from '../../src/features/withdrawal/withdrawal-api.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

const ROSES = '11111111-1111-4111-8111-111111111111';
const CANDLE = '22222222-2222-4222-8222-222222222222';

const LOOKUP: WithdrawalLookupAnswer = {
  number: 'KT123456789',
  createdAt: '2026-11-24T10:00:00Z',
  periodNote: 'Zamówienie nie ma zapisanej daty odbioru.',
  lines: [
    { productId: ROSES, name: 'Bukiet róż', quantity: 1, returnable: 0, refusal: WITHDRAWAL_EXEMPTION_REASONS.perishable },
    { productId: CANDLE, name: 'Znicz szklany', quantity: 3, returnable: 3, refusal: null },
  ],
};

const RECEIPT: WithdrawalReceipt = {
  requestNumber: 'ODS-12',
  orderNumber: 'KT123456789',
  createdAt: '2026-11-24T11:00:00Z',
  periodNote: 'Zamówienie nie ma zapisanej daty odbioru.',
  reason: '',
  accepted: [{ productId: CANDLE, name: 'Znicz szklany', quantity: 2 }],
  refused: [],
};

/** The function as the page sees it; every body it was sent lands in `seen`. */
function serveWithdrawal(answer: (body: { action: string }) => Response) {
  const seen: unknown[] = [];
  server.use(
    http.post('*/functions/v1/withdrawal-request', async ({ request }) => {
      const body = (await request.json()) as { action: string };
      seen.push(body);
      return answer(body);
    }),
  );
  return seen;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });
}

afterEach(() => setOnline(true));

async function findOrder(user: ReturnType<typeof userEvent.setup>, number = 'kt123456789', email = 'Ala@Example.pl') {
  await user.type(await screen.findByLabelText('Numer zamówienia'), number);
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Znajdź zamówienie' }));
}

describe('/odstapienie', () => {
  it('checks the fields before asking, then shows the one answer for a wrong number or email', async () => {
    const user = userEvent.setup();
    const seen = serveWithdrawal(() =>
      HttpResponse.json({ error: 'order_not_found', message: WITHDRAWAL_ORDER_NOT_FOUND }, { status: 404 }),
    );
    await renderRoute('/odstapienie');
    await findOrder(user, 'KT1', 'nie-email');
    expect(await screen.findByText('Nieprawidłowy format adresu e-mail.')).toBeTruthy();
    expect(seen).toEqual([]);

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ala@example.pl');
    await user.click(screen.getByRole('button', { name: 'Znajdź zamówienie' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WITHDRAWAL_ORDER_NOT_FOUND);
    expect(seen).toEqual([{ action: 'lookup', number: 'KT1', email: 'ala@example.pl' }]);
  });

  it('offline, says so and keeps what was typed; online again, the same form finds the order', async () => {
    const user = userEvent.setup();
    let online = false;
    serveWithdrawal(() => (online ? HttpResponse.json(LOOKUP) : HttpResponse.error()));
    setOnline(false);
    await renderRoute('/odstapienie');
    await findOrder(user);
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_MESSAGE);
    expect((screen.getByLabelText('Numer zamówienia') as HTMLInputElement).value).toBe('kt123456789');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('Ala@Example.pl');

    online = true;
    setOnline(true);
    await user.click(screen.getByRole('button', { name: 'Znajdź zamówienie' }));
    expect(await screen.findByRole('group', { name: 'Produkty z zamówienia' })).toBeTruthy();
  });

  it('shows a line without the right as not choosable with its reason, and sends the chosen pieces; the confirmation takes the focus', async () => {
    const user = userEvent.setup();
    const seen = serveWithdrawal((body) =>
      body.action === 'lookup' ? HttpResponse.json(LOOKUP) : HttpResponse.json(RECEIPT, { status: 201 }),
    );
    await renderRoute('/odstapienie?zamowienie=KT123456789');
    expect((await screen.findByLabelText<HTMLInputElement>('Numer zamówienia')).value).toBe('KT123456789');
    await user.type(screen.getByLabelText('E-mail'), 'ala@example.pl');
    await user.click(screen.getByRole('button', { name: 'Znajdź zamówienie' }));

    const roses = await screen.findByRole('checkbox', { name: /Bukiet róż/ });
    expect((roses as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(roses.getAttribute('aria-describedby')!)?.textContent).toContain(
      WITHDRAWAL_EXEMPTION_REASONS.perishable,
    );

    await user.click(screen.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wybierz co najmniej jeden produkt do zwrotu.');

    await user.click(screen.getByRole('checkbox', { name: /Znicz szklany/ }));
    const quantity = screen.getByLabelText('Ile sztuk');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }));

    const done = await screen.findByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByText('ODS-12')).toBeTruthy();
    expect(screen.getByText('Znicz szklany – 2 szt.')).toBeTruthy();
    expect(seen.at(-1)).toEqual({
      action: 'submit',
      number: 'KT123456789',
      email: 'ala@example.pl',
      lines: [{ productId: CANDLE, sizeLabel: null, quantity: 2 }],
      reason: '',
    });
  });

  it('lists two sizes of one product as two lines with their sizes, and sends each with its size', async () => {
    const user = userEvent.setup();
    const sized: WithdrawalLookupAnswer = {
      ...LOOKUP,
      lines: [
        { productId: CANDLE, sizeLabel: 'Mały', name: 'Znicz szklany (Mały)', quantity: 1, returnable: 1, refusal: null },
        { productId: CANDLE, sizeLabel: 'Duży', name: 'Znicz szklany (Duży)', quantity: 2, returnable: 2, refusal: null },
      ],
    };
    const seen = serveWithdrawal((body) =>
      body.action === 'lookup' ? HttpResponse.json(sized) : HttpResponse.json(RECEIPT, { status: 201 }),
    );
    await renderRoute('/odstapienie');
    await findOrder(user);
    const small = await screen.findByRole('checkbox', { name: /Znicz szklany \(Mały\)/ });
    const big = screen.getByRole('checkbox', { name: /Znicz szklany \(Duży\)/ });
    await user.click(big);
    expect([(small as HTMLInputElement).checked, (big as HTMLInputElement).checked]).toEqual([false, true]);
    await user.click(small);
    await user.click(screen.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }));
    await screen.findByRole('heading', { name: 'Otrzymaliśmy Twoje odstąpienie od umowy' });
    expect((seen.at(-1) as { lines: unknown }).lines).toEqual([
      { productId: CANDLE, sizeLabel: 'Mały', quantity: 1 },
      { productId: CANDLE, sizeLabel: 'Duży', quantity: 2 },
    ]);
  });

  it('shows the server’s refusal of the request and keeps the choice', async () => {
    const user = userEvent.setup();
    serveWithdrawal((body) =>
      body.action === 'lookup'
        ? HttpResponse.json(LOOKUP)
        : HttpResponse.json(
            { error: 'rate_limited', message: 'Wysłano zbyt wiele zapytań. Spróbuj ponownie za kilka minut.' },
            { status: 429 },
          ),
    );
    await renderRoute('/odstapienie');
    await findOrder(user);
    await user.click(await screen.findByRole('checkbox', { name: /Znicz szklany/ }));
    await user.type(screen.getByLabelText(/^Powód/), 'Za duży');
    await user.click(screen.getByRole('button', { name: 'Wyślij oświadczenie o odstąpieniu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wysłano zbyt wiele zapytań. Spróbuj ponownie za kilka minut.');
    expect((screen.getByRole('checkbox', { name: /Znicz szklany/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Powód/) as HTMLTextAreaElement).value).toBe('Za duży');
  });
});
