import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { renderRoute, withBackendMetaAndConsent } from './render-route.tsx';
import { orderPageAnswer } from '../../mocks/fixtures.ts';

withBackendMetaAndConsent();

const ORDER = { ...orderPageAnswer, status: 'processing' };

/** What the line under the heading says after 'Status:'. */
const statusLine = () => screen.getByText(/Status:/).querySelector('strong')?.textContent;

function serveOrderPage(answer: () => Response, seen: unknown[] = []) {
  server.use(
    http.post('*/functions/v1/order-page', async ({ request }) => {
      seen.push(await request.json());
      return answer();
    }),
  );
  return seen;
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('/zamowienie/<number>', () => {
  it("shows the order with the link's token: heading, timeline as an ordered list, items, delivery, payment and 'Zapłać teraz'", async () => {
    const seen = serveOrderPage(() => HttpResponse.json(ORDER));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240001' })).toBeTruthy();
    expect(seen).toEqual([{ number: 'KT2611240001', token: 'abc_token' }]);

    const timeline = screen.getByRole('list', { name: 'Przebieg' });
    expect(timeline.tagName).toBe('OL');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      '✓Złożone – etap zakończony',
      '●W realizacji – obecny etap',
      '○Opłacone – etap przed nami',
      '○Gotowe – etap przed nami',
      '○W drodze – etap przed nami',
      '○Dostarczone – etap przed nami',
    ]);
    expect(within(timeline).getByText('W realizacji').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(statusLine()).toBe('W realizacji');
    expect(screen.getByText('Bukiet róż')).toBeTruthy();
    expect(screen.getByText(/135,00\szł/)).toBeTruthy();
    expect(screen.getByText('Jan Nowak, 600200300')).toBeTruthy();
    expect(screen.getByText('Nieopłacone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zapłać teraz' })).toBeTruthy();
  });

  it('says in the status line where the timeline stands, each step once and only one of them current', async () => {
    serveOrderPage(() => HttpResponse.json({ ...ORDER, paid: true, payment: null, fulfilmentState: 'delivered' }));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    const timeline = await screen.findByRole('list', { name: 'Przebieg' });
    expect(statusLine()).toBe('Dostarczone');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '✓Złożone – etap zakończony',
      '✓Opłacone – etap zakończony',
      '✓W realizacji – etap zakończony',
      '✓Gotowe – etap zakończony',
      '✓W drodze – etap zakończony',
      '●Dostarczone – obecny etap',
    ]);
    expect(steps.filter((step) => step.getAttribute('aria-current') === 'step').map((step) => step.textContent)).toEqual([
      '●Dostarczone – obecny etap',
    ]);
  });

  it("says when the order was placed on Warsaw's clock, whatever the device's zone: 23:30 UTC is already the next day", async () => {
    serveOrderPage(() => HttpResponse.json({ ...ORDER, createdAt: '2026-11-27T23:30:00Z' }));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    expect((await screen.findByText(/Złożone 28 listopada 2026 00:30/)).textContent).toContain('Złożone 28 listopada 2026 00:30 ·');
  });

  it("shows a pickup waiting in the shop as 'Gotowe do odbioru'", async () => {
    serveOrderPage(() =>
      HttpResponse.json({ ...ORDER, deliveryMethod: 'store', deliveryAddress: null, paid: true, payment: null, fulfilmentState: 'ready' }),
    );
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    const timeline = await screen.findByRole('list', { name: 'Przebieg' });
    expect(statusLine()).toBe('Gotowe do odbioru');
    expect(within(timeline).getByText('Gotowe do odbioru').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('shows a cancelled order as placed → cancelled only, though it was paid and prepared', async () => {
    serveOrderPage(() => HttpResponse.json({ ...ORDER, status: 'cancelled', paid: true, payment: null, fulfilmentState: 'ready' }));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    const timeline = await screen.findByRole('list', { name: 'Przebieg' });
    expect(statusLine()).toBe('Anulowane');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['✓Złożone – etap zakończony', '●Anulowane – obecny etap']);
  });

  it("has no 'Zapłać teraz' for a paid order", async () => {
    serveOrderPage(() => HttpResponse.json({ ...ORDER, paid: true, payment: null }));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240001' });
    expect(screen.getByText('Opłacone', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zapłać teraz' })).toBeNull();
  });

  it("says in Polish why 'Zapłać teraz' was refused, never create-payment's English code", async () => {
    serveOrderPage(() => HttpResponse.json(ORDER));
    const answers = [
      { error: 'Order is already paid or closed', details: 'To zamówienie jest już opłacone lub zamknięte.' },
      { error: 'Order is already paid or closed' },
    ];
    server.use(http.post('*/functions/v1/create-payment', () => HttpResponse.json(answers.shift(), { status: 409 })));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zapłać teraz' }));
    expect((await screen.findByRole('alert')).textContent).toBe('To zamówienie jest już opłacone lub zamknięte.');
    await user.click(screen.getByRole('button', { name: 'Zapłać teraz' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Nie udało się rozpocząć płatności. Spróbuj ponownie za chwilę.'),
    );
    expect(document.body.textContent).not.toMatch(/already paid|closed/);
  });

  it("has no 'Zapłać teraz' for a cancelled order", async () => {
    serveOrderPage(() => HttpResponse.json({ ...ORDER, status: 'cancelled', payment: null }));
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240001' });
    expect(screen.queryByRole('button', { name: 'Zapłać teraz' })).toBeNull();
  });

  it('shows the same not-found page for a 404, with a link to ask for the link', async () => {
    serveOrderPage(() => HttpResponse.json({ error: 'order_not_found', message: 'Nie znaleźliśmy takiego zamówienia.' }, { status: 404 }));
    const view = await renderRoute('/zamowienie/KT0000000000?t=wrong');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleźliśmy takiego zamówienia' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Poproś o link do zamówienia' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { name: 'Link do zamówienia' })).toBeTruthy();
  });

  it('says it is loading, then that it needs a connection when offline, and loads on retry', async () => {
    let online = false;
    serveOrderPage(() => (online ? HttpResponse.json(ORDER) : HttpResponse.error()));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    await renderRoute('/zamowienie/KT2611240001?t=abc_token');
    expect(screen.getByText(/Wczytywanie zamówienia KT2611240001/)).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/potrzebuje połączenia z internetem/)).toBeTruthy();
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienie KT2611240001' })).toBeTruthy();
  });
});

describe('asking for the link on /account', () => {
  it('sends number and email and shows the one answer', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/functions/v1/order-link-request', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ ok: true, message: 'Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.' });
      }),
    );
    await renderRoute('/account#link-zamowienia');
    const form = await screen.findByRole('form', { name: 'Link do zamówienia' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Numer zamówienia'), ' KT2611240001 ');
    await user.type(within(form).getByLabelText('E-mail'), 'anna@example.pl');
    await user.click(within(form).getByRole('button', { name: 'Wyślij link' }));
    // By its text: the header's cart button has a live region of its own, which appears once its chunk has loaded.
    const answer = await screen.findByText('Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.');
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(seen).toEqual([{ number: 'KT2611240001', email: 'anna@example.pl' }]);
  });
});
