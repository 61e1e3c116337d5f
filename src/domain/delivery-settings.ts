/**
 * The 'Dostawy' settings: delivery windows, cut-offs, lead time,
 * horizon, capacity, closed dates, holiday switches, peak days, pickup hours
 * and service prices. They are stored as app settings (text values, one key
 * each) so the owner's form, the availability function and place-order read
 * the same rows; this module turns those texts into typed values and back,
 * and says in Polish what the form must refuse.
 *
 * A key with no row reads as its default; a stored '' means 'none' where
 * that makes sense (no windows = no delivery that weekday, no cut-off = no
 * same-day orders, no closed dates) and falls back to the default elsewhere.
 */

import { type IsoWeekday, isIsoDate } from './calendar/calendar-date.ts';
import { formatAmountInput } from './amount-input.ts';
import { type Grosz, grosz, parseAmountText } from './money.ts';
import { numericDate, numericDayMonth } from './polish-date.ts';
import { POLISH_HOLIDAY_IDS, type PolishHolidayId } from './calendar/holidays.ts';
import { type TimeRange, formatTimeOfDay, formatTimeRange, parseTimeOfDay, parseTimeRange } from './calendar/time-of-day.ts';

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export const DELIVERY_SERVICE_IDS = ['candle-lighting', 'photo-after-delivery'] as const;
export type DeliveryServiceId = (typeof DELIVERY_SERVICE_IDS)[number];

export const DELIVERY_SERVICE_LABELS: Record<DeliveryServiceId, string> = {
  'candle-lighting': 'Zapalenie znicza',
  'photo-after-delivery': 'Zdjęcie po dostawie',
};

/** One weekday's plan: delivery windows (home and cemetery), the same-day cut-off, the shop's pickup hours. */
export interface DaySchedule {
  windows: readonly TimeRange[];
  /** Minutes after midnight; null: no orders for the same day. */
  cutoff: number | null;
  /** Opening hours for store pickup; null: no pickup that weekday. */
  pickupHours: TimeRange | null;
}

export interface DeliverySettings {
  days: Record<IsoWeekday, DaySchedule>;
  leadTimeMinutes: number;
  horizonDays: number;
  windowCapacity: number;
  dayCapacity: number;
  /** 'YYYY-MM-DD', sorted, each once. */
  closedDates: readonly string[];
  /** Public holidays the shop works on; every other holiday is closed. */
  openHolidays: readonly PolishHolidayId[];
  /** 'MM-DD' of every year, sorted. */
  peakDays: readonly string[];
  /** The hours of the one 'w ciągu dnia' window offered on a peak day. */
  peakWindow: TimeRange;
  /** Places on a peak day (its one window is the whole day). */
  peakCapacity: number;
  servicePrices: Record<DeliveryServiceId, Grosz>;
}

const hours = (start: string, end: string): TimeRange => ({ start: parseTimeOfDay(start) ?? 0, end: parseTimeOfDay(end) ?? 0 });
const WEEKDAY: DaySchedule = {
  windows: [hours('9:00', '12:00'), hours('12:00', '15:30')],
  cutoff: 12 * 60,
  pickupHours: hours('8:30', '15:30'),
};

/** The defaults; pickup hours are the shop's opening hours of docs/spec.md §9. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  days: {
    1: WEEKDAY,
    2: WEEKDAY,
    3: WEEKDAY,
    4: WEEKDAY,
    5: WEEKDAY,
    6: { windows: [hours('9:00', '12:00'), hours('12:00', '15:00')], cutoff: 11 * 60, pickupHours: hours('8:30', '15:00') },
    7: { windows: [], cutoff: null, pickupHours: null },
  },
  leadTimeMinutes: 120,
  horizonDays: 60,
  windowCapacity: 5,
  dayCapacity: 20,
  closedDates: [],
  openHolidays: ['all-saints'],
  peakDays: ['02-14', '03-08', '05-26', '10-31', '11-01'],
  peakWindow: hours('9:00', '15:00'),
  peakCapacity: 20,
  servicePrices: { 'candle-lighting': grosz(3000), 'photo-after-delivery': grosz(0) },
};

const windowsKey = (day: WeekdayKey) => `delivery_windows_${day}` as const;
const cutoffKey = (day: WeekdayKey) => `delivery_cutoff_${day}` as const;
const pickupKey = (day: WeekdayKey) => `delivery_pickup_hours_${day}` as const;

const SCALAR_KEYS = [
  'delivery_lead_time_minutes',
  'delivery_horizon_days',
  'delivery_window_capacity',
  'delivery_day_capacity',
  'delivery_closed_dates',
  'delivery_open_holidays',
  'delivery_peak_days',
  'delivery_peak_window',
  'delivery_peak_capacity',
  'service_candle_lighting_price',
  'service_photo_after_delivery_price',
] as const;

export type DeliverySettingKey =
  ReturnType<typeof windowsKey> | ReturnType<typeof cutoffKey> | ReturnType<typeof pickupKey> | (typeof SCALAR_KEYS)[number];

/** Every app-settings key of the 'Dostawy' section. */
export const DELIVERY_SETTING_KEYS: readonly DeliverySettingKey[] = [
  ...WEEKDAY_KEYS.flatMap((day) => [windowsKey(day), cutoffKey(day), pickupKey(day)]),
  ...SCALAR_KEYS,
];

const PRICE_KEYS: Record<DeliveryServiceId, DeliverySettingKey> = {
  'candle-lighting': 'service_candle_lighting_price',
  'photo-after-delivery': 'service_photo_after_delivery_price',
};

/** Bounds of the whole-number settings (capacity 0 closes deliveries without closing the shop). */
const INTEGER_BOUNDS = {
  delivery_lead_time_minutes: { min: 0, max: 24 * 60 },
  delivery_horizon_days: { min: 1, max: 366 },
  delivery_window_capacity: { min: 0, max: 999 },
  delivery_day_capacity: { min: 0, max: 999 },
  delivery_peak_capacity: { min: 0, max: 999 },
} as const;
type IntegerKey = keyof typeof INTEGER_BOUNDS;

const isoWeekdayOf = (index: number) => (index + 1) as IsoWeekday;

// ---- reading texts ----

const LIST_SEPARATOR = /[,;\n]/;

function listItems(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** '9:00–12:00, 12:00–15:30' → sorted ranges; null if any is unreadable or two overlap. '' → []. */
function parseWindowList(text: string): TimeRange[] | null {
  const ranges: TimeRange[] = [];
  for (const item of listItems(text)) {
    const range = parseTimeRange(item);
    if (!range) return null;
    ranges.push(range);
  }
  ranges.sort((left, right) => left.start - right.start);
  return ranges.every((range, index) => index === 0 || (ranges[index - 1]?.end ?? 0) <= range.start) ? ranges : null;
}

/** '24.12.2026' or '2026-12-24' → '2026-12-24'; null otherwise. */
function parseDate(text: string): string | null {
  if (isIsoDate(text)) return text;
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const date = `${match[3]}-${pad2(match[2])}-${pad2(match[1])}`;
  return isIsoDate(date) ? date : null;
}

/** '14.02' → '02-14' (29.02 allowed: it comes every leap year). */
function parseDayMonth(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const monthDay = `${pad2(match[2])}-${pad2(match[1])}`;
  return isIsoDate(`2028-${monthDay}`) ? monthDay : null;
}

const pad2 = (digits: string | undefined) => (digits ?? '').padStart(2, '0');

function parseInteger(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

function parseAll<T>(text: string, parse: (item: string) => T | null): T[] | null {
  const values: T[] = [];
  for (const item of listItems(text)) {
    const value = parse(item);
    if (value === null) return null;
    values.push(value);
  }
  return [...new Set(values)].sort();
}

const isHolidayId = (text: string): text is PolishHolidayId => (POLISH_HOLIDAY_IDS as readonly string[]).includes(text);

// ---- validation ----

/** Field → Polish message for a value the shop could not use, in the style of the 'Ustawienia' form. */
export function validateDeliverySettings(values: Partial<Record<string, string>>): Partial<Record<DeliverySettingKey, string>> {
  const errors: Partial<Record<DeliverySettingKey, string>> = {};
  const text = (key: DeliverySettingKey) => (values[key] ?? '').trim();

  for (const day of WEEKDAY_KEYS) {
    const windows = text(windowsKey(day));
    if (listItems(windows).some((item) => parseTimeRange(item) === null))
      errors[windowsKey(day)] = 'Podaj okna jak 9:00–12:00, 12:00–15:30 (puste: brak dostaw w ten dzień)';
    else if (parseWindowList(windows) === null) errors[windowsKey(day)] = 'Okna dostaw nie mogą na siebie zachodzić';

    const cutoff = text(cutoffKey(day));
    if (cutoff !== '' && parseTimeOfDay(cutoff) === null)
      errors[cutoffKey(day)] = 'Podaj godzinę, np. 12:00 (puste: bez zamówień na ten sam dzień)';

    const pickup = text(pickupKey(day));
    if (pickup !== '' && parseTimeRange(pickup) === null) errors[pickupKey(day)] = 'Podaj godziny jak 8:30–15:30 (puste: nieczynne)';
  }

  for (const [key, bounds] of Object.entries(INTEGER_BOUNDS) as [IntegerKey, { min: number; max: number }][]) {
    const value = text(key);
    const number = parseInteger(value);
    if (value === '') errors[key] = 'To pole jest wymagane';
    else if (number === null) errors[key] = 'Podaj liczbę całkowitą, np. 5';
    else if (number < bounds.min) errors[key] = `Wartość nie może być mniejsza niż ${bounds.min}`;
    else if (number > bounds.max) errors[key] = `Wartość nie może być większa niż ${bounds.max}`;
  }

  if (parseAll(text('delivery_closed_dates'), parseDate) === null)
    errors.delivery_closed_dates = 'Podaj daty jak 24.12.2026, każdą w osobnej linii lub po przecinku';
  if (parseAll(text('delivery_open_holidays'), (item) => (isHolidayId(item) ? item : null)) === null)
    errors.delivery_open_holidays = 'Nieznane święto na liście';
  if (parseAll(text('delivery_peak_days'), parseDayMonth) === null)
    errors.delivery_peak_days = 'Podaj dni jak 14.02, 08.03 (dzień.miesiąc, po przecinku)';

  const peakWindow = text('delivery_peak_window');
  if (peakWindow === '') errors.delivery_peak_window = 'To pole jest wymagane';
  else if (parseTimeRange(peakWindow) === null) errors.delivery_peak_window = 'Podaj godziny jak 9:00–15:00';

  for (const key of Object.values(PRICE_KEYS)) {
    const value = text(key);
    if (value === '') errors[key] = 'To pole jest wymagane';
    else if (parseAmountText(value) === null)
      errors[key] = 'Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku, np. 30 lub 12,50';
  }
  return errors;
}

// ---- texts → typed values ----

/**
 * The typed settings from stored texts. A missing key, and a value the form
 * would refuse, read as the default, so a bad row never stops the shop.
 */
export function parseDeliverySettings(values: Partial<Record<string, string>>): DeliverySettings {
  const defaults = DEFAULT_DELIVERY_SETTINGS;
  const read = <T>(key: DeliverySettingKey, parse: (text: string) => T | null, fallback: T): T => {
    const value = values[key];
    if (value === undefined) return fallback;
    return parse(value.trim()) ?? fallback;
  };
  const integer = (key: IntegerKey, fallback: number) =>
    read(
      key,
      (text) => {
        const number = parseInteger(text);
        return number !== null && number >= INTEGER_BOUNDS[key].min && number <= INTEGER_BOUNDS[key].max ? number : null;
      },
      fallback,
    );

  const days = {} as Record<IsoWeekday, DaySchedule>;
  WEEKDAY_KEYS.forEach((day, index) => {
    const weekday = isoWeekdayOf(index);
    const fallback = defaults.days[weekday];
    days[weekday] = {
      windows: read(windowsKey(day), parseWindowList, fallback.windows),
      cutoff: read(cutoffKey(day), (text) => (text === '' ? { value: null } : nullable(parseTimeOfDay(text))), {
        value: fallback.cutoff,
      }).value,
      pickupHours: read(pickupKey(day), (text) => (text === '' ? { value: null } : nullable(parseTimeRange(text))), {
        value: fallback.pickupHours,
      }).value,
    };
  });

  return {
    days,
    leadTimeMinutes: integer('delivery_lead_time_minutes', defaults.leadTimeMinutes),
    horizonDays: integer('delivery_horizon_days', defaults.horizonDays),
    windowCapacity: integer('delivery_window_capacity', defaults.windowCapacity),
    dayCapacity: integer('delivery_day_capacity', defaults.dayCapacity),
    closedDates: read('delivery_closed_dates', (text) => parseAll(text, parseDate), defaults.closedDates),
    openHolidays: read(
      'delivery_open_holidays',
      (text) => parseAll(text, (item) => (isHolidayId(item) ? item : null)),
      defaults.openHolidays,
    ),
    peakDays: read('delivery_peak_days', (text) => parseAll(text, parseDayMonth), defaults.peakDays),
    peakWindow: read('delivery_peak_window', parseTimeRange, defaults.peakWindow),
    peakCapacity: integer('delivery_peak_capacity', defaults.peakCapacity),
    servicePrices: {
      'candle-lighting': read(PRICE_KEYS['candle-lighting'], parseAmountText, defaults.servicePrices['candle-lighting']),
      'photo-after-delivery': read(PRICE_KEYS['photo-after-delivery'], parseAmountText, defaults.servicePrices['photo-after-delivery']),
    },
  };
}

// A wrapper, so that 'none' (null) and 'unreadable' (null from a parser) stay apart in read().
function nullable<T>(value: T | null): { value: T | null } | null {
  return value === null ? null : { value };
}

/** Stored rows → typed settings; a key without a row reads as its default (so a new key needs no migration to work). */
export function deliverySettingsFromRows(rows: readonly { key: string; value: string | null }[]): DeliverySettings {
  const values: Partial<Record<string, string>> = {};
  for (const row of rows) values[row.key] = row.value ?? '';
  return parseDeliverySettings(values);
}

// ---- typed values → texts ----

/** The texts to store (and to show in the form) for typed settings. */
export function deliverySettingsToValues(settings: DeliverySettings): Record<DeliverySettingKey, string> {
  const values = {} as Record<DeliverySettingKey, string>;
  WEEKDAY_KEYS.forEach((day, index) => {
    const schedule = settings.days[isoWeekdayOf(index)];
    values[windowsKey(day)] = schedule.windows.map(formatTimeRange).join(', ');
    values[cutoffKey(day)] = schedule.cutoff === null ? '' : formatTimeOfDay(schedule.cutoff);
    values[pickupKey(day)] = schedule.pickupHours === null ? '' : formatTimeRange(schedule.pickupHours);
  });
  values.delivery_lead_time_minutes = String(settings.leadTimeMinutes);
  values.delivery_horizon_days = String(settings.horizonDays);
  values.delivery_window_capacity = String(settings.windowCapacity);
  values.delivery_day_capacity = String(settings.dayCapacity);
  values.delivery_closed_dates = settings.closedDates.map(numericDate).join('\n');
  values.delivery_open_holidays = settings.openHolidays.join(', ');
  values.delivery_peak_days = settings.peakDays.map(numericDayMonth).join(', ');
  values.delivery_peak_window = formatTimeRange(settings.peakWindow);
  values.delivery_peak_capacity = String(settings.peakCapacity);
  for (const service of DELIVERY_SERVICE_IDS) values[PRICE_KEYS[service]] = formatAmountInput(settings.servicePrices[service]);
  return values;
}

/** The default texts: what a migration seeds and what the form shows before anything is saved. */
export const DELIVERY_SETTING_DEFAULTS: Readonly<Record<DeliverySettingKey, string>> = deliverySettingsToValues(DEFAULT_DELIVERY_SETTINGS);
