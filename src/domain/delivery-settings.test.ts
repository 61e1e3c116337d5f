import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_SERVICE_LABELS,
  DELIVERY_SETTING_DEFAULTS,
  DELIVERY_SETTING_KEYS,
  deliverySettingsFromRows,
  deliverySettingsToValues,
  parseDeliverySettings,
  validateDeliverySettings,
} from './delivery-settings.ts';

describe('default delivery settings', () => {
  it('are the issue’s values, as the texts the form shows', () => {
    expect(DELIVERY_SETTING_DEFAULTS).toMatchObject({
      delivery_windows_mon: '9:00–12:00, 12:00–15:30',
      delivery_windows_fri: '9:00–12:00, 12:00–15:30',
      delivery_windows_sat: '9:00–12:00, 12:00–15:00',
      delivery_windows_sun: '',
      delivery_cutoff_mon: '12:00',
      delivery_cutoff_sat: '11:00',
      delivery_cutoff_sun: '',
      delivery_pickup_hours_mon: '8:30–15:30',
      delivery_pickup_hours_sat: '8:30–15:00',
      delivery_pickup_hours_sun: '',
      delivery_lead_time_minutes: '120',
      delivery_horizon_days: '60',
      delivery_window_capacity: '5',
      delivery_day_capacity: '20',
      delivery_closed_dates: '',
      delivery_open_holidays: 'all-saints',
      delivery_peak_days: '14.02, 08.03, 26.05, 31.10, 01.11',
      delivery_peak_window: '9:00–15:00',
      delivery_peak_capacity: '20',
      service_candle_lighting_price: '30',
      service_photo_after_delivery_price: '0',
    });
    expect(Object.keys(DELIVERY_SETTING_DEFAULTS).sort()).toEqual([...DELIVERY_SETTING_KEYS].sort());
    expect(new Set(DELIVERY_SETTING_KEYS).size).toBe(DELIVERY_SETTING_KEYS.length);
    expect(validateDeliverySettings(DELIVERY_SETTING_DEFAULTS)).toEqual({});
  });

  it('price the issue’s two services: a candle 30 zł, the photo free', () => {
    expect(DELIVERY_SERVICE_LABELS).toEqual({ 'candle-lighting': 'Zapalenie znicza', 'photo-after-delivery': 'Zdjęcie po dostawie' });
    expect(DEFAULT_DELIVERY_SETTINGS.servicePrices).toEqual({ 'candle-lighting': 3000, 'photo-after-delivery': 0 });
  });

  it('read back from their own texts (the round trip)', () => {
    expect(parseDeliverySettings(DELIVERY_SETTING_DEFAULTS)).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it('are what a shop without any delivery rows reads', () => {
    expect(deliverySettingsFromRows([])).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(parseDeliverySettings({})).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });
});

describe('parsing the owner’s texts', () => {
  const edited = {
    ...DELIVERY_SETTING_DEFAULTS,
    delivery_windows_sun: '10:00-13:00',
    delivery_windows_sat: ' 12:00 – 15:00 ,09:00–12:00 ',
    delivery_cutoff_mon: '',
    delivery_closed_dates: '24.12.2026\n2026-08-14, 24.12.2026',
    delivery_open_holidays: 'corpus-christi, all-saints',
    delivery_peak_days: '1.11, 14.2',
    service_candle_lighting_price: '12,50',
  };

  it('reads them into typed values, normalised', () => {
    const settings = parseDeliverySettings(edited);
    expect(settings.days[7].windows).toEqual([{ start: 600, end: 780 }]);
    expect(settings.days[6].windows).toEqual([
      { start: 540, end: 720 },
      { start: 720, end: 900 },
    ]);
    expect(settings.days[1].cutoff).toBeNull();
    expect(settings.closedDates).toEqual(['2026-08-14', '2026-12-24']);
    expect(settings.openHolidays).toEqual(['all-saints', 'corpus-christi']);
    expect(settings.peakDays).toEqual(['02-14', '11-01']);
    expect(settings.servicePrices['candle-lighting']).toBe(1250);
  });

  it('writes them back in one form, which reads the same again', () => {
    const values = deliverySettingsToValues(parseDeliverySettings(edited));
    expect(values).toMatchObject({
      delivery_windows_sat: '9:00–12:00, 12:00–15:00',
      delivery_windows_sun: '10:00–13:00',
      delivery_closed_dates: '14.08.2026\n24.12.2026',
      delivery_peak_days: '14.02, 01.11',
      service_candle_lighting_price: '12,50',
    });
    expect(parseDeliverySettings(values)).toEqual(parseDeliverySettings(edited));
    expect(validateDeliverySettings(values)).toEqual({});
  });

  it('falls back to the default for a stored value the form would refuse', () => {
    const settings = parseDeliverySettings({
      delivery_windows_mon: '9–12',
      delivery_day_capacity: '-3',
      service_candle_lighting_price: 'dużo',
    });
    expect(settings.days[1].windows).toEqual(DEFAULT_DELIVERY_SETTINGS.days[1].windows);
    expect(settings.dayCapacity).toBe(20);
    expect(settings.servicePrices['candle-lighting']).toBe(3000);
  });
});

describe('validating the form', () => {
  it('names each field the shop could not use, in Polish', () => {
    const errors = validateDeliverySettings({
      ...DELIVERY_SETTING_DEFAULTS,
      delivery_windows_mon: '9:00–12:00, 15:00–14:00',
      delivery_windows_tue: '9:00–12:00, 11:00–15:30',
      delivery_cutoff_wed: '25:00',
      delivery_pickup_hours_thu: 'rano',
      delivery_lead_time_minutes: '1,5',
      delivery_horizon_days: '0',
      delivery_window_capacity: '1000',
      delivery_day_capacity: '',
      delivery_closed_dates: '31.02.2026',
      delivery_open_holidays: 'walentynki',
      delivery_peak_days: '14/02',
      delivery_peak_window: '',
      service_photo_after_delivery_price: '1,005',
    });
    expect(errors).toEqual({
      delivery_windows_mon: 'Podaj okna jak 9:00–12:00, 12:00–15:30 (puste: brak dostaw w ten dzień)',
      delivery_windows_tue: 'Okna dostaw nie mogą na siebie zachodzić',
      delivery_cutoff_wed: 'Podaj godzinę, np. 12:00 (puste: bez zamówień na ten sam dzień)',
      delivery_pickup_hours_thu: 'Podaj godziny jak 8:30–15:30 (puste: nieczynne)',
      delivery_lead_time_minutes: 'Podaj liczbę całkowitą, np. 5',
      delivery_horizon_days: 'Wartość nie może być mniejsza niż 1',
      delivery_window_capacity: 'Wartość nie może być większa niż 999',
      delivery_day_capacity: 'To pole jest wymagane',
      delivery_closed_dates: 'Podaj daty jak 24.12.2026, każdą w osobnej linii lub po przecinku',
      delivery_open_holidays: 'Nieznane święto na liście',
      delivery_peak_days: 'Podaj dni jak 14.02, 08.03 (dzień.miesiąc, po przecinku)',
      delivery_peak_window: 'To pole jest wymagane',
      service_photo_after_delivery_price: 'Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku, np. 30 lub 12,50',
    });
  });

  it('accepts 29 February as a peak day and refuses 30 February', () => {
    expect(validateDeliverySettings({ ...DELIVERY_SETTING_DEFAULTS, delivery_peak_days: '29.02' })).toEqual({});
    expect(validateDeliverySettings({ ...DELIVERY_SETTING_DEFAULTS, delivery_peak_days: '30.02' })).toHaveProperty('delivery_peak_days');
  });
});
