import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCatalogHandlers, adminCatalogStore, type AdminCatalogStore } from '../../mocks/admin-catalog-handlers.ts';
import { server } from '../../mocks/node.ts';
import { DELIVERY_SETTING_KEYS } from '../../src/domain/delivery-settings.ts';
import { SettingsPage } from '../../src/features/admin/settings/settings-page.tsx';
import { withBackendMetaAndConsent } from './render-route.tsx';

withBackendMetaAndConsent();

let store: AdminCatalogStore;
beforeEach(() => {
  store = adminCatalogStore();
  server.use(...adminCatalogHandlers(store));
});

async function openDeliveryTab() {
  const user = userEvent.setup();
  render(<SettingsPage />);
  await screen.findByRole('form', { name: 'Ustawienia sklepu' });
  await user.click(screen.getByRole('tab', { name: 'Dostawy' }));
  const form = await screen.findByRole('form', { name: 'Ustawienia dostaw' });
  return { user, form };
}

/** Types a whole value at once (pasting): character-by-character typing makes these long forms slow. */
async function replace(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

const input = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;

describe("admin settings: 'Dostawy'", () => {
  it('shows the defaults for keys never saved, and a stored value where there is one', async () => {
    store.settings.push({ key: 'delivery_window_capacity', value: '7' }, { key: 'delivery_windows_sun', value: '10:00–13:00' });
    const { form } = await openDeliveryTab();
    expect(input(form, 'delivery_windows_mon').value).toBe('9:00–12:00, 12:00–15:30');
    expect(input(form, 'delivery_cutoff_sat').value).toBe('11:00');
    expect(input(form, 'delivery_windows_sun').value).toBe('10:00–13:00');
    expect(input(form, 'delivery_window_capacity').value).toBe('7');
    expect(input(form, 'delivery_day_capacity').value).toBe('20');
    expect(input(form, 'service_candle_lighting_price').value).toBe('30');
    expect(within(form).getByLabelText('Okna dostaw – Poniedziałek')).toBe(input(form, 'delivery_windows_mon'));
    // One switch per public holiday: 1 November open, the rest closed.
    expect((within(form).getByRole('switch', { name: 'Wszystkich Świętych' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('switch', { name: 'Boże Ciało' }) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByRole('switch', { name: 'Wigilia Bożego Narodzenia' }) as HTMLInputElement).checked).toBe(false);
  });

  it('refuses unreadable values with a Polish message tied to each field, and saves nothing', async () => {
    const { user, form } = await openDeliveryTab();
    const windows = input(form, 'delivery_windows_tue');
    await replace(user, windows, '9:00–12:00, 11:00–14:00');
    const capacity = input(form, 'delivery_window_capacity');
    await replace(user, capacity, 'pięć');
    const price = input(form, 'service_candle_lighting_price');
    await replace(user, price, '30,555');
    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia dostaw' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Popraw zaznaczone pola i zapisz ponownie.');
    const described = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(windows.getAttribute('aria-invalid')).toBe('true');
    expect(described(windows)).toContain('Okna dostaw nie mogą na siebie zachodzić');
    expect(described(capacity)).toContain('Podaj liczbę całkowitą, np. 5');
    expect(described(price)).toContain('Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku');
    expect(document.activeElement).toBe(windows);
    expect(store.upserts).toEqual([]);
  });

  it('saves every delivery key in one upsert, written the canonical way, with the holiday switches', async () => {
    const { user, form } = await openDeliveryTab();
    const windows = input(form, 'delivery_windows_sat');
    await replace(user, windows, '10:00-13:00');
    const closed = input(form, 'delivery_closed_dates');
    await replace(user, closed, '24.12.2030');
    await user.click(within(form).getByRole('switch', { name: 'Boże Ciało' }));
    await user.click(within(form).getByRole('button', { name: 'Zapisz ustawienia dostaw' }));

    expect(await within(form).findByText('Ustawienia zostały zapisane pomyślnie')).toBeTruthy();
    const [rows] = store.upserts;
    expect(rows).toHaveLength(DELIVERY_SETTING_KEYS.length);
    expect(rows).toContainEqual({ key: 'delivery_windows_sat', value: '10:00–13:00' });
    expect(rows).toContainEqual({ key: 'delivery_closed_dates', value: '24.12.2030' });
    expect(rows).toContainEqual({ key: 'delivery_open_holidays', value: 'all-saints, corpus-christi' });
    expect(rows).toContainEqual({ key: 'delivery_windows_sun', value: '' });
    expect(input(form, 'delivery_windows_sat').value).toBe('10:00–13:00');
  });
});
