import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar/calendar-date.ts';
import {
  type BookedCount,
  type DayAvailability,
  UNAVAILABLE_REASON_TEXTS,
  bookingRange,
  checkDeliverySlot,
  checkPickupTime,
  deliveryAvailability,
} from './delivery-calendar.ts';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings.ts';

const defaults = DEFAULT_DELIVERY_SETTINGS;
/** An instant from a UTC ISO text: the tests name absolute times, as the server does. */
const at = (iso: string) => Date.parse(iso);

function day(date: string, now: number, settings: DeliverySettings = defaults, booked: readonly BookedCount[] = []): DayAvailability {
  const [answer] = deliveryAvailability({ settings, now, from: date, to: date, booked });
  if (!answer) throw new Error('no day');
  return answer;
}
const windowReasons = (answer: DayAvailability) => answer.delivery.windows.map((window) => [window.label, window.reason]);

// Monday 2026-05-11 is summer time (UTC+2): 08:00Z is 10:00 in Warsaw.
const MONDAY = '2026-05-11';

describe('the reasons', () => {
  it('are the issue’s Polish texts, plus lead time, past and horizon', () => {
    expect(UNAVAILABLE_REASON_TEXTS).toEqual({
      closed: 'zamknięte',
      full: 'brak miejsc',
      'after-cutoff': 'po godzinie przyjmowania zamówień na dziś',
      'too-soon': 'za mało czasu na przygotowanie zamówienia',
      past: 'ten dzień już minął',
      'beyond-horizon': 'za odległy termin',
    });
  });
});

describe('an ordinary weekday', () => {
  it('offers both windows with all their places for tomorrow', () => {
    const answer = day(MONDAY, at('2026-05-10T18:00:00Z'));
    expect(answer).toMatchObject({ open: true, reason: null, peak: false, holiday: null, weekday: 1 });
    // Both windows' 5 places: the day's 20 are more than its windows hold.
    expect(answer.delivery).toMatchObject({ reason: null, free: 10 });
    expect(answer.delivery.windows).toEqual([
      {
        id: '09:00-12:00',
        label: '9:00–12:00',
        startsAt: at('2026-05-11T07:00:00Z'),
        endsAt: at('2026-05-11T10:00:00Z'),
        available: true,
        reason: null,
        free: 5,
      },
      {
        id: '12:00-15:30',
        label: '12:00–15:30',
        startsAt: at('2026-05-11T10:00:00Z'),
        endsAt: at('2026-05-11T13:30:00Z'),
        available: true,
        reason: null,
        free: 5,
      },
    ]);
  });

  it('needs the lead time (120 min) before a window ends, to the minute', () => {
    // 10:00 in Warsaw: ready by 12:00, the morning window's end.
    expect(windowReasons(day(MONDAY, at('2026-05-11T08:00:00Z')))).toEqual([
      ['9:00–12:00', null],
      ['12:00–15:30', null],
    ]);
    expect(windowReasons(day(MONDAY, at('2026-05-11T08:00:01Z')))).toEqual([
      ['9:00–12:00', 'too-soon'],
      ['12:00–15:30', null],
    ]);
    // With a later cut-off the afternoon closes once an order can no longer be ready by 15:30.
    const lateCutoff = { ...defaults, days: { ...defaults.days, 1: { ...defaults.days[1], cutoff: 15 * 60 } } };
    expect(windowReasons(day(MONDAY, at('2026-05-11T11:30:00Z'), lateCutoff))).toEqual([
      ['9:00–12:00', 'too-soon'],
      ['12:00–15:30', null],
    ]);
    expect(day(MONDAY, at('2026-05-11T11:30:01Z'), lateCutoff).delivery.reason).toBe('too-soon');
  });

  it('takes no same-day order from the cut-off (12:00) on, even with no lead time', () => {
    const noLead = { ...defaults, leadTimeMinutes: 0 };
    expect(windowReasons(day(MONDAY, at('2026-05-11T09:59:59Z'), noLead))).toEqual([
      ['9:00–12:00', null],
      ['12:00–15:30', null],
    ]);
    expect(windowReasons(day(MONDAY, at('2026-05-11T10:00:00Z'), noLead))).toEqual([
      ['9:00–12:00', 'after-cutoff'],
      ['12:00–15:30', 'after-cutoff'],
    ]);
    // The cut-off only concerns today: tomorrow is untouched.
    expect(day('2026-05-12', at('2026-05-11T10:00:00Z')).delivery.reason).toBeNull();
  });

  it('uses Saturday’s cut-off of 11:00 and its 15:00 close', () => {
    const noLead = { ...defaults, leadTimeMinutes: 0 };
    const saturday = '2026-05-16';
    expect(windowReasons(day(saturday, at('2026-05-16T08:59:00Z'), noLead))).toEqual([
      ['9:00–12:00', null],
      ['12:00–15:00', null],
    ]);
    expect(day(saturday, at('2026-05-16T09:00:00Z'), noLead).delivery.reason).toBe('after-cutoff');
  });

  it('is closed on Sunday', () => {
    expect(day('2026-05-17', at('2026-05-11T08:00:00Z'))).toMatchObject({
      open: false,
      reason: 'closed',
      delivery: { reason: 'closed', free: 0, windows: [] },
      pickup: { reason: 'closed', times: [] },
    });
  });
});

describe('capacity', () => {
  const now = at('2026-05-10T18:00:00Z');

  it('fills a window at 5 and leaves the other free', () => {
    const answer = day(MONDAY, now, defaults, [{ date: MONDAY, windowId: '09:00-12:00', count: 5 }]);
    expect(answer.delivery.windows.map((window) => [window.reason, window.free])).toEqual([
      ['full', 0],
      [null, 5],
    ]);
    // 15 of the day's 20 are left, but its windows hold only 5 more (the day view said 15).
    expect(answer.delivery.free).toBe(5);
  });

  it('caps every window by the places left in the day', () => {
    const settings = { ...defaults, dayCapacity: 7 };
    const booked = [
      { date: MONDAY, windowId: '09:00-12:00', count: 4 },
      { date: '2026-05-12', windowId: '09:00-12:00', count: 5 },
    ];
    expect(day(MONDAY, now, settings, booked).delivery.windows.map((window) => window.free)).toEqual([1, 3]);
    // The windows show 1 and 3, but the day has only 3 places left.
    expect(day(MONDAY, now, settings, booked).delivery.free).toBe(3);
    const full = day(MONDAY, now, settings, [...booked, { date: MONDAY, windowId: '12:00-15:30', count: 3 }]);
    expect(full.delivery).toMatchObject({ reason: 'full', free: 0 });
    expect(full.open).toBe(true);
  });

  it('counts places booked in a window the owner has since removed towards the day', () => {
    const settings = { ...defaults, dayCapacity: 6 };
    const answer = day(MONDAY, now, settings, [{ date: MONDAY, windowId: '08:00-10:00', count: 4 }]);
    expect(answer.delivery.windows.map((window) => window.free)).toEqual([2, 2]);
  });
});

describe('the horizon and the past', () => {
  const now = at('2026-05-11T08:00:00Z');

  it('offers today to 60 days ahead and nothing after', () => {
    expect(bookingRange(defaults, now)).toEqual({ from: MONDAY, to: '2026-07-10' });
    expect(day('2026-07-10', now).open).toBe(true);
    expect(day('2026-07-11', now)).toMatchObject({ open: false, reason: 'beyond-horizon' });
  });

  it('refuses yesterday', () => {
    expect(day('2026-05-10', now)).toMatchObject({ open: false, reason: 'past' });
  });

  it('counts days on the Warsaw calendar: 22:30Z on Sunday is already Monday in Warsaw', () => {
    expect(day('2026-05-10', at('2026-05-10T22:30:00Z')).reason).toBe('past');
  });
});

describe('closed dates and public holidays', () => {
  const now = at('2026-05-11T08:00:00Z');

  it('closes the owner’s closed dates', () => {
    expect(day('2026-05-13', now, { ...defaults, closedDates: ['2026-05-13'] })).toMatchObject({ open: false, reason: 'closed' });
  });

  it('closes public holidays by default and names them', () => {
    expect(day('2026-06-04', now)).toMatchObject({ open: false, reason: 'closed', holiday: 'Boże Ciało' });
    expect(day('2026-04-06', at('2026-04-01T08:00:00Z'))).toMatchObject({ open: false, holiday: 'Poniedziałek Wielkanocny' });
  });

  it('opens a holiday whose switch is on, with its weekday’s windows', () => {
    const answer = day('2026-06-04', now, { ...defaults, openHolidays: ['corpus-christi'] });
    expect(answer).toMatchObject({ open: true, holiday: 'Boże Ciało' });
    expect(answer.delivery.windows.map((window) => window.id)).toEqual(['09:00-12:00', '12:00-15:30']);
  });

  it('closes 24 December, a holiday from 2025', () => {
    expect(day('2026-12-24', at('2026-11-20T08:00:00Z'))).toMatchObject({ open: false, holiday: 'Wigilia Bożego Narodzenia' });
  });
});

describe('peak days', () => {
  it('offer one whole-day window with its own capacity, on any weekday', () => {
    // 14.02.2026 is a Saturday, 08.03.2026 a Sunday (closed on an ordinary week).
    for (const date of ['2026-02-14', '2026-03-08']) {
      const answer = day(date, at('2026-02-01T08:00:00Z'), { ...defaults, peakCapacity: 40 });
      expect(answer).toMatchObject({ open: true, peak: true });
      expect(answer.delivery.windows).toMatchObject([{ id: 'all-day', label: 'w ciągu dnia', available: true, free: 40 }]);
    }
  });

  it('keep 1 November open (its switch is on by default) although it is a Sunday in 2026', () => {
    const answer = day('2026-11-01', at('2026-10-20T08:00:00Z'), defaults, [{ date: '2026-11-01', windowId: 'all-day', count: 19 }]);
    expect(answer).toMatchObject({ open: true, peak: true, holiday: 'Wszystkich Świętych' });
    expect(answer.delivery.windows).toMatchObject([{ id: 'all-day', free: 1, available: true }]);
    const full = day('2026-11-01', at('2026-10-20T08:00:00Z'), defaults, [{ date: '2026-11-01', windowId: 'all-day', count: 20 }]);
    expect(full.delivery.reason).toBe('full');
  });

  it('take same-day orders until the cut-off, the lead time counted to the end of the day’s window', () => {
    // Saturday 14.02.2026, winter time: 09:59Z is 10:59 in Warsaw, before Saturday's 11:00 cut-off.
    expect(day('2026-02-14', at('2026-02-14T09:59:00Z')).delivery.windows[0]?.reason).toBeNull();
    expect(day('2026-02-14', at('2026-02-14T10:00:00Z')).delivery.windows[0]?.reason).toBe('after-cutoff');
    const lateCutoff = { ...defaults, days: { ...defaults.days, 6: { ...defaults.days[6], cutoff: 14 * 60 } } };
    expect(day('2026-02-14', at('2026-02-14T12:30:00Z'), lateCutoff).delivery.windows[0]?.reason).toBe('too-soon');
  });
});

describe('same-day orders: by the cut-off, ready before the window ends (decision 021)', () => {
  const afternoon = (answer: DayAvailability) => answer.delivery.windows.find((window) => window.id === '12:00-15:30');

  it('books the empty 12:00–15:30 window at 11:40 with a 12:00 cut-off and 120 min lead time', () => {
    // 09:40Z is 11:40 in Warsaw (summer time).
    const answer = day(MONDAY, at('2026-05-11T09:40:00Z'));
    expect(afternoon(answer)).toMatchObject({ available: true, reason: null });
    expect(answer.delivery.reason).toBeNull();
    expect(
      checkDeliverySlot({ settings: defaults, now: at('2026-05-11T09:40:00Z'), date: MONDAY, windowId: '12:00-15:30', booked: [] }),
    ).toEqual({
      ok: true,
      startsAt: at('2026-05-11T10:00:00Z'),
      label: '12:00–15:30',
    });
  });

  it('closes it at 12:01, past the cut-off', () => {
    const answer = day(MONDAY, at('2026-05-11T10:01:00Z'));
    expect(afternoon(answer)).toMatchObject({ available: false, reason: 'after-cutoff' });
    expect(answer.delivery.cutoff).toBe('12:00');
  });

  it('holds in winter time too: 11:40 on Monday 7 December is bookable, 12:00 is not', () => {
    // 10:40Z is 11:40 in Warsaw (UTC+1).
    expect(afternoon(day('2026-12-07', at('2026-12-07T10:40:00Z')))?.available).toBe(true);
    expect(afternoon(day('2026-12-07', at('2026-12-07T11:00:00Z')))?.reason).toBe('after-cutoff');
  });

  it('says when a weekday takes no same-day orders at all', () => {
    const noSameDay = { ...defaults, days: { ...defaults.days, 1: { ...defaults.days[1], cutoff: null } } };
    const answer = day(MONDAY, at('2026-05-11T05:00:00Z'), noSameDay);
    expect(answer.delivery).toMatchObject({ reason: 'after-cutoff', cutoff: null });
  });
});

describe('daylight-saving change days', () => {
  const sundayWindows = {
    ...defaults,
    days: { ...defaults.days, 7: { windows: [{ start: 540, end: 720 }], cutoff: 12 * 60, pickupHours: { start: 540, end: 720 } } },
  };

  it('start a window on 2026-03-29 at 07:00Z (summer time) and on 2026-10-25 at 08:00Z (winter time)', () => {
    expect(day('2026-03-29', at('2026-03-20T08:00:00Z'), sundayWindows).delivery.windows[0]).toMatchObject({
      startsAt: at('2026-03-29T07:00:00Z'),
      endsAt: at('2026-03-29T10:00:00Z'),
    });
    expect(day('2026-10-25', at('2026-10-20T08:00:00Z'), sundayWindows).delivery.windows[0]).toMatchObject({
      startsAt: at('2026-10-25T08:00:00Z'),
      endsAt: at('2026-10-25T11:00:00Z'),
    });
  });

  it('read the days either side in their own time', () => {
    expect(day('2026-03-28', at('2026-03-20T08:00:00Z')).delivery.windows[0]?.startsAt).toBe(at('2026-03-28T08:00:00Z'));
    expect(day('2026-03-30', at('2026-03-20T08:00:00Z')).delivery.windows[0]?.startsAt).toBe(at('2026-03-30T07:00:00Z'));
    expect(day('2026-10-24', at('2026-10-20T08:00:00Z')).delivery.windows[0]?.startsAt).toBe(at('2026-10-24T07:00:00Z'));
    expect(day('2026-10-26', at('2026-10-20T08:00:00Z')).delivery.windows[0]?.startsAt).toBe(at('2026-10-26T08:00:00Z'));
  });

  it('apply the cut-off at 12:00 Warsaw time on the change day itself', () => {
    const noLead = {
      ...sundayWindows,
      leadTimeMinutes: 0,
      days: { ...sundayWindows.days, 7: { ...sundayWindows.days[7], windows: [{ start: 720, end: 900 }] } },
    };
    expect(day('2026-03-29', at('2026-03-29T09:59:00Z'), noLead).delivery.reason).toBeNull();
    expect(day('2026-03-29', at('2026-03-29T10:00:00Z'), noLead).delivery.reason).toBe('after-cutoff');
    expect(day('2026-10-25', at('2026-10-25T10:59:00Z'), noLead).delivery.reason).toBeNull();
    expect(day('2026-10-25', at('2026-10-25T11:00:00Z'), noLead).delivery.reason).toBe('after-cutoff');
  });
});

describe('store pickup', () => {
  it('offers every half hour within opening hours, the last half an hour before closing', () => {
    const times = day(MONDAY, at('2026-05-10T18:00:00Z')).pickup.times;
    expect(times.map((time) => time.time)).toEqual([
      '8:30',
      '9:00',
      '9:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
    ]);
    expect(times[0]?.at).toBe(at('2026-05-11T06:30:00Z'));
  });

  it('needs the lead time but no cut-off on the same day', () => {
    const answer = day(MONDAY, at('2026-05-11T11:00:00Z'));
    expect(answer.delivery.reason).toBe('after-cutoff');
    expect(answer.pickup.reason).toBeNull();
    expect(answer.pickup.times.filter((time) => time.available).map((time) => time.time)).toEqual(['15:00']);
  });

  it('stays open on a day without deliveries when the shop has hours', () => {
    const noSaturdayDelivery = { ...defaults, days: { ...defaults.days, 6: { ...defaults.days[6], windows: [] } } };
    const answer = day('2026-05-16', at('2026-05-11T08:00:00Z'), noSaturdayDelivery);
    expect(answer).toMatchObject({ open: true, delivery: { reason: 'closed', windows: [], free: 0 }, pickup: { reason: null } });
  });
});

describe('checking a chosen slot (place-order)', () => {
  const now = at('2026-05-11T08:00:00Z');
  const booked = [{ date: '2026-05-12', windowId: '12:00-15:30', count: 5 }];

  it('accepts an available window and gives its start', () => {
    expect(checkDeliverySlot({ settings: defaults, now, date: MONDAY, windowId: '12:00-15:30', booked })).toEqual({
      ok: true,
      startsAt: at('2026-05-11T10:00:00Z'),
      label: '12:00–15:30',
    });
  });

  it('refuses with the reason the picker shows', () => {
    const check = (date: string, windowId: string) => checkDeliverySlot({ settings: defaults, now, date, windowId, booked });
    expect(check('2026-05-10', '09:00-12:00')).toEqual({ ok: false, reason: 'past' });
    expect(checkDeliverySlot({ settings: defaults, now: now + 1000, date: MONDAY, windowId: '09:00-12:00', booked })).toEqual({
      ok: false,
      reason: 'too-soon',
    });
    expect(check('2026-05-12', '12:00-15:30')).toEqual({ ok: false, reason: 'full' });
    expect(check('2026-05-17', '09:00-12:00')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-05-12', '10:00-11:00')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-02-30', '09:00-12:00')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-09-01', '09:00-12:00')).toEqual({ ok: false, reason: 'beyond-horizon' });
  });

  it('agrees with the availability answer for every window of any moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 * 4 }), fc.integer({ min: 0, max: 6 }), (quarterHours, count) => {
        const moment = at('2026-01-01T00:00:00Z') + quarterHours * 15 * 60_000;
        const { from } = bookingRange(defaults, moment);
        const to = addDays(from, 3);
        const load = [{ date: addDays(from, 1), windowId: '09:00-12:00', count }];
        for (const answer of deliveryAvailability({ settings: defaults, now: moment, from, to, booked: load })) {
          for (const window of answer.delivery.windows) {
            const result = checkDeliverySlot({ settings: defaults, now: moment, date: answer.date, windowId: window.id, booked: load });
            expect(result).toEqual(
              window.available ? { ok: true, startsAt: window.startsAt, label: window.label } : { ok: false, reason: window.reason },
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('checks a pickup hour the same way', () => {
    expect(checkPickupTime({ settings: defaults, now, date: MONDAY, time: '12:00' })).toEqual({
      ok: true,
      startsAt: at('2026-05-11T10:00:00Z'),
      label: '12:00',
    });
    expect(checkPickupTime({ settings: defaults, now, date: MONDAY, time: '11:30' })).toEqual({ ok: false, reason: 'too-soon' });
    expect(checkPickupTime({ settings: defaults, now, date: MONDAY, time: '15:30' })).toEqual({ ok: false, reason: 'closed' });
    expect(checkPickupTime({ settings: defaults, now, date: '2026-05-17', time: '10:00' })).toEqual({ ok: false, reason: 'closed' });
  });
});

describe('the range asked for', () => {
  it('answers every date of it, in order', () => {
    const days = deliveryAvailability({
      settings: defaults,
      now: at('2026-05-11T08:00:00Z'),
      from: '2026-05-10',
      to: '2026-07-12',
      booked: [],
    });
    expect(days).toHaveLength(64);
    expect(days.map((answer) => answer.date).slice(0, 3)).toEqual(['2026-05-10', '2026-05-11', '2026-05-12']);
  });

  it('refuses a reversed, unreadable or huge range', () => {
    const ask = (from: string, to: string) => () => deliveryAvailability({ settings: defaults, now: 0, from, to, booked: [] });
    expect(ask('2026-05-12', '2026-05-11')).toThrow(RangeError);
    expect(ask('2026-05-12', 'jutro')).toThrow(RangeError);
    expect(ask('2026-01-01', '2028-01-01')).toThrow(RangeError);
  });
});
