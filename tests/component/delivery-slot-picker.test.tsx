import 'fake-indexeddb/auto';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryMethod } from '../../src/domain/delivery.ts';
import { AVAILABILITY_META_KEY, resetAvailabilityForTests } from '../../src/features/delivery/availability.ts';
import { DeliverySlotPicker, type DeliverySlot, type DeliverySlotPickerProps } from '../../src/features/delivery/slot-picker.tsx';
import { numericDayMonth as dayMonth, weekdayName } from '../../src/domain/polish-date.ts';
import { db } from '../../src/lib/db.ts';
import { withBackendMetaAndConsent } from './render-route.tsx';
import { AFTERNOON, MORNING, inDays, openDay, serveAvailability, standardAnswer } from './delivery-availability-fixture.ts';

withBackendMetaAndConsent();

beforeEach(async () => {
  resetAvailabilityForTests();
  await db.meta.clear();
});

/** The picker as a form holds it: the chosen slot in state, every change recorded. */
function Harness({
  method,
  initial = { date: '', window: '', pickupTime: '' },
  onChange,
  refreshKey,
  errors,
}: {
  method: DeliveryMethod;
  initial?: DeliverySlot;
  onChange?: (next: DeliverySlot) => void;
  refreshKey?: number;
  errors?: DeliverySlotPickerProps['errors'];
}) {
  const [slot, setSlot] = useState(initial);
  return (
    <DeliverySlotPicker
      method={method}
      {...slot}
      refreshKey={refreshKey}
      errors={errors}
      onChange={(next) => {
        onChange?.(next);
        setSlot(next);
      }}
    />
  );
}

const dateGroup = () => screen.getByRole('group', { name: /Dzień (dostawy|odbioru)/ });
const dayRadio = (date: string) => within(dateGroup()).getByRole('radio', { name: new RegExp(dayMonth(date).replace('.', '\\.')) });

describe('delivery slot picker', () => {
  it('lists the days with Polish weekday names, the holiday and the peak day, and disables the closed one with its reason', async () => {
    serveAvailability(standardAnswer());
    render(<Harness method="home" />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });

    const tomorrow = dayRadio(inDays(1));
    expect(tomorrow.getAttribute('aria-label') ?? tomorrow.closest('label')?.textContent).toContain('jutro');
    expect(tomorrow.closest('label')?.textContent).toContain(`jutro, ${weekdayName(inDays(1))}`);
    expect((tomorrow as HTMLInputElement).disabled).toBe(false);

    const holiday = dayRadio(inDays(2)) as HTMLInputElement;
    expect(holiday.disabled).toBe(true);
    expect(holiday.closest('label')?.textContent).toContain('Święto Niepodległości');
    expect(holiday.closest('label')?.textContent).toContain('zamknięte');

    // Today's windows are all past the cut-off: the day cannot be chosen, and says why.
    const today = dayRadio(inDays(0)) as HTMLInputElement;
    expect(today.disabled).toBe(true);
    expect(today.closest('label')?.textContent).toContain('po godzinie przyjmowania zamówień na dziś');

    expect(dayRadio(inDays(3)).closest('label')?.textContent).toContain('w ciągu dnia');
  });

  it('shows the chosen day’s windows, a full one disabled with “brak miejsc”, and hands the choice to the form', async () => {
    serveAvailability(standardAnswer());
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness method="home" onChange={onChange} />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    expect(screen.getByText(/Najpierw wybierz dzień/)).toBeTruthy();

    await user.click(dayRadio(inDays(3)));
    await user.click(dayRadio(inDays(1)));
    const windows = screen.getByRole('group', { name: /Godziny dostawy/ });
    const morning = within(windows).getByRole('radio', { name: /9:00–12:00/ }) as HTMLInputElement;
    expect(morning.disabled).toBe(true);
    expect(morning.closest('label')?.textContent).toContain('brak miejsc');
    // The afternoon is the day's one free window: it is chosen with the day.
    expect(onChange).toHaveBeenLastCalledWith({ date: inDays(1), window: AFTERNOON.id, pickupTime: '' });
    expect((within(windows).getByRole('radio', { name: /12:00–15:30/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says in words why a day or a window is closed: the cut-off hour, and later hours when the morning is too soon', async () => {
    const withCutoff = (day: ReturnType<typeof openDay>) => ({ ...day, delivery: { ...day.delivery, cutoff: '12:00' } });
    serveAvailability(
      standardAnswer({
        days: [
          // Today past the cut-off.
          withCutoff(
            openDay(
              inDays(0),
              [
                { ...MORNING, reason: 'after-cutoff' },
                { ...AFTERNOON, reason: 'after-cutoff' },
              ],
              [{ time: '15:00' }],
            ),
          ),
          // Tomorrow as at 11:40 on that day: the morning cannot be ready in time, the afternoon can.
          withCutoff(openDay(inDays(1), [{ ...MORNING, reason: 'too-soon' }, AFTERNOON], [{ time: '15:00' }])),
        ],
      }),
    );
    const user = userEvent.setup();
    render(<Harness method="home" />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });

    const today = dayRadio(inDays(0)) as HTMLInputElement;
    expect(today.disabled).toBe(true);
    expect(today.closest('label')?.textContent).toContain('zamówienia na dziś przyjmujemy do 12:00');

    await user.click(dayRadio(inDays(1)));
    const windows = screen.getByRole('group', { name: /Godziny dostawy/ });
    const morning = within(windows).getByRole('radio', { name: /9:00–12:00/ }) as HTMLInputElement;
    expect(morning.disabled).toBe(true);
    expect(morning.closest('label')?.textContent).toContain('za mało czasu na przygotowanie — wybierz późniejsze godziny');
    expect((within(windows).getByRole('radio', { name: /12:00–15:30/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('chooses the peak day’s one window “w ciągu dnia” with the day', async () => {
    serveAvailability(standardAnswer());
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness method="cemetery" onChange={onChange} />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    await user.click(dayRadio(inDays(3)));
    expect(onChange).toHaveBeenLastCalledWith({ date: inDays(3), window: 'all-day', pickupTime: '' });
    const windows = screen.getByRole('group', { name: /Godziny dostawy/ });
    expect((within(windows).getByRole('radio', { name: /w ciągu dnia/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('is used with the keyboard: Tab reaches the days, arrows move to the next day that can be booked', async () => {
    serveAvailability(standardAnswer());
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness method="home" onChange={onChange} />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    await user.tab();
    expect(document.activeElement).toBe(dayRadio(inDays(1)));
    await user.keyboard('{ArrowRight}');
    // The holiday is skipped: it cannot be chosen.
    expect(document.activeElement).toBe(dayRadio(inDays(3)));
    expect(onChange).toHaveBeenLastCalledWith({ date: inDays(3), window: 'all-day', pickupTime: '' });
  });

  it('offers store pickup hours, a too-soon one disabled with its reason', async () => {
    serveAvailability(standardAnswer());
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness method="store" onChange={onChange} />);
    await user.click(await screen.findByRole('radio', { name: /^dziś/ }));
    const hours = screen.getByRole('group', { name: /Godzina odbioru/ });
    const early = within(hours).getByRole('radio', { name: /8:30/ }) as HTMLInputElement;
    expect(early.disabled).toBe(true);
    expect(early.closest('label')?.textContent).toContain('za mało czasu na przygotowanie zamówienia');
    expect(hours.textContent).toContain('Niedostępne godziny (8:30): za mało czasu na przygotowanie zamówienia');
    await user.click(within(hours).getByRole('radio', { name: /15:00/ }));
    expect(onChange).toHaveBeenLastCalledWith({ date: inDays(0), window: '', pickupTime: '15:00' });
  });

  it('works offline from the last answer kept on the device, saying the dates may be out of date and from when', async () => {
    const answer = standardAnswer({ generatedAt: '2026-11-23T12:05:00.000Z' });
    serveAvailability(answer);
    const first = render(<Harness method="home" />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    await waitFor(async () => expect((await db.meta.get(AVAILABILITY_META_KEY))?.value).toMatchObject({ generatedAt: answer.generatedAt }));
    expect(screen.queryByTestId('availability-stale')).toBeNull();
    first.unmount();

    resetAvailabilityForTests();
    serveAvailability('offline');
    render(<Harness method="home" />);
    const note = await screen.findByTestId('availability-stale');
    expect(note.textContent).toBe('Terminy mogą być nieaktualne — sprawdzimy je przy wysłaniu zamówienia. Stan z 23.11, 13:05.');
    expect((dayRadio(inDays(1)) as HTMLInputElement).disabled).toBe(false);
  });

  it('says it could not load the dates when offline with no copy, and tries again on request', async () => {
    const served = serveAvailability('offline', standardAnswer());
    const user = userEvent.setup();
    render(<Harness method="home" />);
    await user.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('group', { name: 'Dzień dostawy' })).toBeTruthy();
    expect(served.calls()).toBe(2);
  });

  it('clears a window a newer answer calls full, and says so', async () => {
    const later = standardAnswer();
    later.days[1] = openDay(
      inDays(1),
      [
        { ...MORNING, reason: 'full' },
        { ...AFTERNOON, reason: 'full' },
      ],
      [{ time: '12:00' }],
    );
    const served = serveAvailability(standardAnswer(), later);
    const onChange = vi.fn();
    const initial = { date: inDays(1), window: AFTERNOON.id, pickupTime: '' };
    const view = render(<Harness method="home" initial={initial} onChange={onChange} refreshKey={0} />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    expect((screen.getByRole('radio', { name: /12:00–15:30/ }) as HTMLInputElement).checked).toBe(true);
    expect(onChange).not.toHaveBeenCalled();

    view.rerender(<Harness method="home" initial={initial} onChange={onChange} refreshKey={1} />);
    await waitFor(() => expect(served.calls()).toBe(2));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ date: '', window: '', pickupTime: '' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^Termin jutro, .* nie jest już dostępny \(brak miejsc\)\. Wybierz inny dzień\.$/,
      ),
    );
  });

  it('shows the form’s message on the group and marks its choices invalid', async () => {
    serveAvailability(standardAnswer());
    render(<Harness method="home" errors={{ date: 'Wybierz dzień' }} />);
    await screen.findByRole('group', { name: 'Dzień dostawy' });
    const group = dateGroup();
    expect(group.getAttribute('aria-describedby')).toBe('delivery-slot-date-error');
    expect(document.getElementById('delivery-slot-date-error')?.textContent).toBe('Wybierz dzień');
    expect(dayRadio(inDays(1)).getAttribute('aria-invalid')).toBe('true');
  });

  it('gives couriers no date but the dispatch days after payment, per the terms', async () => {
    serveAvailability(standardAnswer());
    render(<Harness method="inpost" />);
    const text = await screen.findByTestId('courier-dispatch');
    expect(text.textContent).toContain('wysyłamy je w ciągu 1–2 dni roboczych od zaksięgowania wpłaty');
    await waitFor(() => expect(text.textContent).toContain('Przy wpłacie zaksięgowanej dziś wysyłka:'));
    expect(screen.queryByRole('group', { name: /Dzień/ })).toBeNull();
  });
});

describe('a choice kept from an earlier visit', () => {
  it('is cleared when its day has passed, saying so', async () => {
    serveAvailability(standardAnswer());
    const onChange = vi.fn();
    render(<Harness method="home" initial={{ date: inDays(-2), window: AFTERNOON.id, pickupTime: '' }} onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ date: '', window: '', pickupTime: '' }));
    // The notice is the picker's own state, set after it told the form: a render later than the form's.
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('nie jest już dostępny (ten dzień już minął)'));
  });
});
