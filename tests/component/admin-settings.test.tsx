import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { server } from '../../mocks/node.ts';
import { SETTING_KEYS } from '../../src/domain/settings.ts';
import { SettingsPage } from '../../src/features/admin/settings/settings-page.tsx';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

let store: AdminCatalogStore;
beforeEach(() => {
  store = adminCatalogStore();
  server.use(...adminCatalogHandlers(store));
});
afterEach(() => {
  vi.useRealTimers();
});

async function openSettings() {
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  render(<SettingsPage />);
  const form = await screen.findByRole('form', { name: 'Ustawienia sklepu' });
  return { user, form };
}

describe('admin settings', () => {
  it('shows the load error when the settings cannot be read', async () => {
    server.use(http.get('*/rest/v1/app_settings', () => HttpResponse.json({ message: 'denied' }, { status: 500 })));
    render(<SettingsPage />);
    expect(screen.getByRole('status').textContent).toContain('Ładowanie ustawień');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się pobrać ustawień');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });

  it('shows five sections over every key, secrets as password inputs, the hours as a 4-row textarea', async () => {
    const { user, form } = await openSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Ustawienia' })).toBeTruthy();
    expect(screen.getByText('Konfiguracja systemu i integracji')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ustawienia' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Testowanie' })).toBeTruthy();
    expect(within(form).getByText('Uwaga bezpieczeństwa')).toBeTruthy();
    expect(
      within(form)
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Informacje o firmie', 'Faktury i VAT', 'Ustawienia bramki płatności', 'Integracje zewnętrzne', 'Ustawienia sklepu']);
    for (const key of SETTING_KEYS) expect(form.querySelector(`[name="${key}"]`), key).not.toBeNull();

    for (const key of [
      'payu_classic_pos_auth_key',
      'payu_classic_key2',
      'payu_rest_client_secret',
      'payu_rest_second_key',
      'stripe_secret_key',
      'stripe_webhook_secret',
      'google_maps_api_key',
    ]) {
      expect(form.querySelector<HTMLInputElement>(`[name="${key}"]`)!.type, key).toBe('password');
    }
    // With PayU REST chosen, its keys are the required ones and the classic ones are not.
    expect(form.querySelector('[name="payu_rest_client_secret"]')!.getAttribute('aria-required')).toBe('true');
    expect(form.querySelector('[name="payu_classic_pos_auth_key"]')!.getAttribute('aria-required')).toBeNull();
    const authKey = within(form).getByLabelText(/^Classic: klucz autoryzacji/) as HTMLInputElement;
    expect(authKey.value).toBe('local-pos-auth-key-change-me');
    await user.click(within(form).getByRole('button', { name: /Pokaż: Classic: klucz autoryzacji/ }));
    expect(authKey.type).toBe('text');
    await user.click(within(form).getByRole('button', { name: /Ukryj: Classic: klucz autoryzacji/ }));
    expect(authKey.type).toBe('password');

    const hours = within(form).getByLabelText(/Godziny otwarcia/);
    expect(hours.tagName).toBe('TEXTAREA');
    expect(hours.getAttribute('rows')).toBe('4');
    expect(
      within(form)
        .getByLabelText(/Nazwa firmy/)
        .getAttribute('aria-required'),
    ).toBe('true');
    const nameLabel = form.querySelector(`label[for="${within(form).getByLabelText(/Nazwa firmy/).id}"]`)!;
    expect(nameLabel.querySelector('.text-blush-700')?.textContent).toBe('*');
    expect(
      within(form)
        .getByLabelText(/Klucz publiczny Stripe/)
        .getAttribute('aria-required'),
    ).toBeNull();
  });

  it('saves every key with one upsert (blank as ""), shows the success message for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/rest/v1/app_settings', async ({ request }) => {
        await delay(50);
        const rows = (await request.json()) as { key: string; value: string }[];
        store.upserts.push(rows);
        expect(new URL(request.url).searchParams.get('on_conflict')).toBe('key');
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user, form } = await openSettings();
    const threshold = within(form).getByLabelText(/Darmowa wysyłka od/);
    await user.clear(threshold);
    await user.type(threshold, '250');
    await user.clear(within(form).getByLabelText(/Klucz publiczny Stripe/));

    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(await within(form).findByRole('button', { name: 'Zapisywanie...' })).toBeTruthy();
    const success = await within(form).findByText('Ustawienia zostały zapisane pomyślnie');
    expect(success.closest('[aria-live="polite"]')).not.toBeNull();
    // Let React run the effect that starts the 3-second timer before the clock is moved.
    await act(async () => {});

    const [rows] = store.upserts;
    expect(rows).toHaveLength(SETTING_KEYS.length);
    expect(rows).toContainEqual({ key: 'free_shipping_threshold', value: '250' });
    expect(rows).toContainEqual({ key: 'stripe_public_key', value: '' });
    expect(rows).toContainEqual({ key: 'payu_classic_gateway_url', value: '' });

    act(() => vi.advanceTimersByTime(2900));
    expect(within(form).queryByText('Ustawienia zostały zapisane pomyślnie')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(within(form).queryByText('Ustawienia zostały zapisane pomyślnie')).toBeNull();
  });

  it('keeps the save error until the next action', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    server.use(
      http.post('*/rest/v1/app_settings', () =>
        fail
          ? HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 })
          : new HttpResponse(null, { status: 201 }),
      ),
    );
    const { user, form } = await openSettings();
    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Nie udało się zapisać ustawień');
    act(() => vi.advanceTimersByTime(10_000));
    expect(within(form).getByRole('alert').textContent).toBe('Nie udało się zapisać ustawień');

    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia' }));
    await within(form).findByText('Ustawienia zostały zapisane pomyślnie');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('does not send a threshold that is not a number, and says which field is wrong', async () => {
    const { user, form } = await openSettings();
    const threshold = within(form).getByLabelText(/Darmowa wysyłka od/);
    await user.clear(threshold);
    await user.type(threshold, 'dużo');
    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia' }));
    await waitFor(() => expect(threshold.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = threshold.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Podaj liczbę, np. 300 lub 1,80');
    expect(store.upserts).toHaveLength(0);
  });
});

describe('admin settings: testing tab', () => {
  async function openTesting() {
    const user = userEvent.setup();
    render(<SettingsPage />);
    await screen.findByRole('form', { name: 'Ustawienia sklepu' });
    await user.click(screen.getByRole('tab', { name: 'Testowanie' }));
    await screen.findByRole('heading', { name: 'Testy systemu płatności' });
    return user;
  }

  it('runs the custom test: shows the docs/spec.md §5 messages for bad input and the masked, then shown, signature', async () => {
    const user = await openTesting();
    expect(screen.getByText(/^Sprawdzenie połączenia z PayU/)).toBeTruthy();
    const amount = screen.getByLabelText('Kwota (PLN)');
    expect(amount.getAttribute('step')).toBe('0.01');
    expect(amount.getAttribute('min')).toBe('0.01');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.type(screen.getByLabelText('E-mail klienta'), 'zly-adres');
    // No name at all: a one-word name would serve as both names, as the payment functions send it.
    expect((screen.getByLabelText('Imię i nazwisko klienta') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Telefon'), '12');
    await user.click(screen.getByRole('button', { name: 'Uruchom test własny' }));

    const results = await screen.findByRole('list', { name: 'Wyniki testów' });
    const params = within(results).getByText('Parametry bramki').closest('li')!;
    expect(params.textContent).toContain('Niezaliczony');
    expect(params.textContent).toContain('Brak wymaganych pól: first_name, last_name');
    expect(params.textContent).toContain('Kwota musi być liczbą większą od zera');
    expect(params.textContent).toContain('Nieprawidłowy format adresu e-mail');
    expect(params.textContent).toContain('Numer telefonu może mieć nieprawidłowy format');
    expect(params.textContent).toMatch(/\d+(\.\d+)? ms/);

    const signature = within(params).getByTestId('signature');
    expect(signature.textContent).toBe('••••••••');
    await user.click(within(params).getByRole('button', { name: /Parametry \(\d+\)/ }));
    const sigValue = within(params).getByText('sig').nextElementSibling!;
    expect(sigValue.textContent).toBe('••••••••');
    await user.click(screen.getByRole('button', { name: 'Pokaż dane poufne' }));
    expect(signature.textContent).toMatch(/^[0-9a-f]{32}$/);
    expect(sigValue.textContent).toBe(signature.textContent);
    expect(screen.getByRole('button', { name: 'Ukryj dane poufne' })).toBeTruthy();

    const functionCall = within(results)
      .getByText(/Wywołanie funkcji/)
      .closest('li')!;
    expect(functionCall.textContent).toContain('Pominięty');
  });

  it('flags an unparsable gateway address in the redirect check', async () => {
    store.settings.find((row) => row.key === 'payu_classic_gateway_url')!.value = 'zly adres';
    const user = await openTesting();
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    const results = await screen.findByRole('list', { name: 'Wyniki testów' });
    const redirect = within(results).getAllByText('Adres przekierowania')[0]!.closest('li')!;
    expect(redirect.textContent).toContain('Nieprawidłowy format adresu URL');
  });

  it('Run All Tests: three sample orders pass and the function call to the latest pending order counts success only with success true', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/functions/v1/create-payu-classic-payment', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({
          success: true,
          redirectUrl: `http://gateway.test/pay?pos_id=1&session_id=s&amount=15050&desc=d&sig=${'b'.repeat(32)}`,
        });
      }),
    );
    const user = await openTesting();
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    const results = await screen.findByRole('list', { name: 'Wyniki testów' });
    const items = within(results)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === results);
    expect(items).toHaveLength(7);
    expect(items.filter((item) => item.textContent?.includes('Zaliczony')).length).toBe(7);
    // Amounts are written as formatPln writes them, with a no-break space before 'zł'.
    for (const amount of ['150,50\u00a0zł', '500,00\u00a0zł', '25,99\u00a0zł']) expect(results.textContent).toContain(amount);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      orderId: store.pendingOrders[0]!.id,
      buyer: { email: 'anna.kowalska@example.pl', firstName: 'Anna', lastName: 'Kowalska' },
    });
    expect(screen.getByRole('status').textContent).toBe('Wyniki: 7 z 7 testów zaliczonych.');
  });

  it('Run All Tests calls the function for the pending order the owner picks, not only the newest', async () => {
    store.pendingOrders.push({
      id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      payu_order_id: 'KT987654321',
      total: 42,
      customer_name: 'Jan Nowak',
    });
    const calls: Array<{ orderId?: string }> = [];
    server.use(
      http.post('*/functions/v1/create-payu-classic-payment', async ({ request }) => {
        calls.push((await request.json()) as { orderId?: string });
        return HttpResponse.json({ success: false, error: 'x' });
      }),
    );
    const user = await openTesting();
    const choice = await screen.findByRole('combobox', { name: 'Wywołanie funkcji użyje zamówienia' });
    expect((choice as HTMLSelectElement).value).toBe(store.pendingOrders[0]!.id);
    await user.selectOptions(choice, within(choice).getByRole('option', { name: 'KT987654321 · Jan Nowak · 42,00\u00a0zł' }));
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    await screen.findByRole('list', { name: 'Wyniki testów' });
    expect(calls.map((call) => call.orderId)).toEqual(['7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d']);
  });

  it('counts an HTTP error or success:false as a failure, with the error, the HTTP status or "Nieznany błąd"', async () => {
    server.use(
      http.post(
        '*/functions/v1/create-payu-classic-payment',
        () => HttpResponse.json({ success: false, error: 'Nie znaleziono zamówienia.' }, { status: 404 }),
        { once: true },
      ),
    );
    const user = await openTesting();
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    let call = within(await screen.findByRole('list', { name: 'Wyniki testów' }))
      .getByText(/Wywołanie funkcji/)
      .closest('li')!;
    expect(call.textContent).toContain('Niezaliczony');
    expect(call.textContent).toContain('Nie znaleziono zamówienia.');

    server.use(http.post('*/functions/v1/create-payu-classic-payment', () => HttpResponse.json({ success: false }), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    await waitFor(() => {
      call = within(screen.getByRole('list', { name: 'Wyniki testów' }))
        .getByText(/Wywołanie funkcji/)
        .closest('li')!;
      expect(call.textContent).toContain('Nieznany błąd');
    });

    server.use(
      http.post(
        '*/functions/v1/create-payu-classic-payment',
        () => new HttpResponse('upstream down', { status: 502, statusText: 'Bad Gateway' }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Uruchom wszystkie testy' }));
    await waitFor(() => {
      call = within(screen.getByRole('list', { name: 'Wyniki testów' }))
        .getByText(/Wywołanie funkcji/)
        .closest('li')!;
      expect(call.textContent).toContain('Funkcja odpowiedziała błędem HTTP 502');
    });
  });
});
