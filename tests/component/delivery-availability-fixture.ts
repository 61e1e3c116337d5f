import { HttpResponse, http } from 'msw';
import { server } from '../../mocks/node.ts';
import { addDays, isoWeekday } from '../../src/domain/calendar/calendar-date.ts';
import type { DeliveryAvailabilityResponse } from '../../src/domain/delivery-availability-contract.ts';
import type { DayAvailability, UnavailableReason } from '../../src/domain/delivery-calendar.ts';
import { warsawDate } from '../../src/domain/calendar/warsaw-clock.ts';

/**
 * Availability answers for the checkout's component tests, built around the
 * shop's today at the moment the test runs (so they hold at any hour and on
 * any date): the picker shows what the answer says, whatever the calendar.
 */

export const today = () => warsawDate(Date.now());
export const inDays = (days: number) => addDays(today(), days);

type WindowSpec = { id: string; label: string; reason?: UnavailableReason };
type TimeSpec = { time: string; reason?: UnavailableReason };

export function openDay(
  date: string,
  windows: WindowSpec[],
  times: TimeSpec[],
  extra: { holiday?: string; peak?: boolean } = {},
): DayAvailability {
  const summary = (items: { reason?: UnavailableReason }[]) =>
    items.some((item) => !item.reason) ? null : (items.at(-1)?.reason ?? 'closed');
  return {
    date,
    weekday: isoWeekday(date),
    holiday: extra.holiday ?? null,
    peak: extra.peak ?? false,
    open: true,
    reason: null,
    delivery: {
      reason: summary(windows),
      free: windows.filter((window) => !window.reason).length * 5,
      windows: windows.map((window) => ({
        id: window.id,
        label: window.label,
        startsAt: 0,
        endsAt: 0,
        available: !window.reason,
        reason: window.reason ?? null,
        free: window.reason ? 0 : 5,
      })),
    },
    pickup: {
      reason: summary(times),
      times: times.map((time) => ({ time: time.time, at: 0, available: !time.reason, reason: time.reason ?? null })),
    },
  };
}

export function closedDay(date: string, reason: UnavailableReason = 'closed', holiday: string | null = null): DayAvailability {
  return {
    date,
    weekday: isoWeekday(date),
    holiday,
    peak: false,
    open: false,
    reason,
    delivery: { reason, free: 0, windows: [] },
    pickup: { reason, times: [] },
  };
}

export const MORNING = { id: '09:00-12:00', label: '9:00–12:00' };
export const AFTERNOON = { id: '12:00-15:30', label: '12:00–15:30' };

/**
 * Today past the cut-off (pickup 8:30 too soon, 15:00 free); tomorrow with a
 * full morning and a free afternoon; the day after a closed holiday; then a
 * peak day with its one whole-day window.
 */
export function standardAnswer(overrides: Partial<DeliveryAvailabilityResponse> = {}): DeliveryAvailabilityResponse {
  return {
    generatedAt: new Date().toISOString(),
    today: today(),
    days: [
      openDay(
        today(),
        [
          { ...MORNING, reason: 'after-cutoff' },
          { ...AFTERNOON, reason: 'after-cutoff' },
        ],
        [{ time: '8:30', reason: 'too-soon' }, { time: '15:00' }],
      ),
      openDay(inDays(1), [{ ...MORNING, reason: 'full' }, AFTERNOON], [{ time: '8:30' }, { time: '12:00' }]),
      closedDay(inDays(2), 'closed', 'Święto Niepodległości'),
      openDay(inDays(3), [{ id: 'all-day', label: 'w ciągu dnia' }], [{ time: '9:00' }], { peak: true }),
    ],
    services: [
      { id: 'candle-lighting', label: 'Zapalenie znicza', price: 30 },
      { id: 'photo-after-delivery', label: 'Zdjęcie po dostawie', price: 0 },
    ],
    ...overrides,
  };
}

/** Serves `answer` (or each call's answer in turn) from the mocked delivery-availability function; counts the calls. */
export function serveAvailability(...answers: Array<DeliveryAvailabilityResponse | 'offline'>): { calls: () => number } {
  let calls = 0;
  server.use(
    http.post('*/functions/v1/delivery-availability', () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer === 'offline' || answer === undefined ? HttpResponse.error() : HttpResponse.json(answer);
    }),
  );
  return { calls: () => calls };
}
