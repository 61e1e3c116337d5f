import { useId, useState, type ReactNode } from 'react';
import {
  DELIVERY_SERVICE_IDS,
  DELIVERY_SERVICE_LABELS,
  WEEKDAY_KEYS,
  validateDeliverySettings,
  type DeliverySettingKey,
} from '../../../domain/delivery-settings.ts';
import type { IsoWeekday } from '../../../domain/calendar/calendar-date.ts';
import { weekdayNameOf } from '../../../domain/polish-date.ts';
import { POLISH_HOLIDAY_IDS, POLISH_HOLIDAY_NAMES, type PolishHolidayId } from '../../../domain/calendar/holidays.ts';
import { FieldNotes, inputClass } from '../../../lib/form-field.tsx';
import { saveDeliverySettingValues, type DeliverySettingValues } from './settings-api.ts';
import { SaveFooter, useSettingsSubmit } from './settings-save.tsx';

/** 'mon' → 'Poniedziałek': the domain's weekday names (keys in ISO order), as headings. */
const WEEKDAY_NAMES = Object.fromEntries(
  WEEKDAY_KEYS.map((day, index) => {
    const name = weekdayNameOf((index + 1) as IsoWeekday);
    return [day, name.charAt(0).toUpperCase() + name.slice(1)];
  }),
) as Record<(typeof WEEKDAY_KEYS)[number], string>;

const SERVICE_PRICE_KEYS = {
  'candle-lighting': 'service_candle_lighting_price',
  'photo-after-delivery': 'service_photo_after_delivery_price',
} as const satisfies Record<(typeof DELIVERY_SERVICE_IDS)[number], DeliverySettingKey>;

const openHolidaysOf = (text: string): PolishHolidayId[] =>
  POLISH_HOLIDAY_IDS.filter((id) =>
    text
      .split(/[,;\s]+/)
      .map((item) => item.trim())
      .includes(id),
  );

/**
 * The 'Dostawy' tab: delivery windows, cut-offs and pickup hours
 * per weekday, lead time, horizon, capacity, closed dates, a switch per
 * public holiday, peak days and the service prices — app settings, checked
 * with the same rules the server reads them by, saved in one upsert.
 */
export function DeliverySettingsForm({
  initial,
  onSaved,
}: {
  initial: DeliverySettingValues;
  onSaved: (values: DeliverySettingValues) => void;
}) {
  const baseId = useId();
  const [values, setValues] = useState<DeliverySettingValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<DeliverySettingKey, string>>>({});
  const { save, formProps } = useSettingsSubmit({
    validate: () => validateDeliverySettings(values),
    showErrors: setErrors,
    persist: async () => {
      const stored = await saveDeliverySettingValues(values);
      setValues(stored);
      onSaved(stored);
    },
  });

  const set = (key: DeliverySettingKey, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const field = (
    key: DeliverySettingKey,
    label: string,
    options: { hint?: string; inputMode?: 'numeric' | 'decimal'; context?: string } = {},
  ) => (
    <TextSetting
      key={key}
      id={`${baseId}-${key}`}
      name={key}
      label={label}
      context={options.context}
      hint={options.hint}
      inputMode={options.inputMode}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => set(key, value)}
    />
  );

  const openHolidays = openHolidaysOf(values.delivery_open_holidays);
  const toggleHoliday = (id: PolishHolidayId, open: boolean) => {
    const next = POLISH_HOLIDAY_IDS.filter((candidate) => (candidate === id ? open : openHolidays.includes(candidate)));
    set('delivery_open_holidays', next.join(', '));
  };

  return (
    <form {...formProps} aria-label="Ustawienia dostaw" className="space-y-6">
      <Group
        title="Dni tygodnia"
        description="Okna dostaw (do domu i na cmentarz), godzina przyjmowania zamówień na ten sam dzień i godziny odbioru w sklepie. Puste okna: brak dostaw w ten dzień."
      >
        <div className="space-y-4">
          {WEEKDAY_KEYS.map((day) => (
            <fieldset key={day} className="rounded-xl border border-forest-50 p-3">
              <legend className="px-1 font-semibold text-forest-900">{WEEKDAY_NAMES[day]}</legend>
              <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
                {field(`delivery_windows_${day}`, 'Okna dostaw', {
                  context: WEEKDAY_NAMES[day],
                  hint: day === 'mon' ? 'np. 9:00–12:00, 12:00–15:30' : undefined,
                })}
                {field(`delivery_cutoff_${day}`, 'Zamówienia na dziś do', {
                  context: WEEKDAY_NAMES[day],
                  hint: day === 'mon' ? 'np. 12:00; puste: bez zamówień na ten sam dzień' : undefined,
                })}
                {field(`delivery_pickup_hours_${day}`, 'Odbiór w sklepie', {
                  context: WEEKDAY_NAMES[day],
                  hint: day === 'mon' ? 'np. 8:30–15:30; puste: nieczynne' : undefined,
                })}
              </div>
            </fieldset>
          ))}
        </div>
      </Group>

      <Group title="Terminy i limity" description="Miejsca liczone są łącznie dla dostaw do domu i na cmentarz.">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('delivery_lead_time_minutes', 'Czas przygotowania i dowozu (minuty)', {
            inputMode: 'numeric',
            hint: 'okno można zamówić, dopóki zdążymy przed jego końcem',
          })}
          {field('delivery_horizon_days', 'Zamówienia z wyprzedzeniem do (dni)', { inputMode: 'numeric' })}
          {field('delivery_window_capacity', 'Miejsca w jednym oknie', { inputMode: 'numeric' })}
          {field('delivery_day_capacity', 'Miejsca w ciągu dnia', { inputMode: 'numeric' })}
        </div>
      </Group>

      <Group
        title="Dni zamknięte i święta"
        description="Kwiaciarnie mogą pracować w niedziele i święta: każde święto ma własny przełącznik."
      >
        <div className="grid gap-4 lg:grid-cols-2">
          <TextSetting
            id={`${baseId}-delivery_closed_dates`}
            name="delivery_closed_dates"
            label="Dni zamknięte"
            hint="Daty jak 24.12.2026, każda w osobnej linii"
            multiline
            value={values.delivery_closed_dates}
            error={errors.delivery_closed_dates}
            onChange={(value) => set('delivery_closed_dates', value)}
          />
          <fieldset aria-describedby={errors.delivery_open_holidays ? `${baseId}-holidays-error` : undefined}>
            <legend className="mb-1.5 font-medium text-forest-900">Święta, w które sklep jest otwarty</legend>
            <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {POLISH_HOLIDAY_IDS.map((id) => (
                <li key={id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-forest-50">
                    <input
                      type="checkbox"
                      role="switch"
                      className="size-5 shrink-0 accent-forest-800"
                      checked={openHolidays.includes(id)}
                      onChange={(event) => toggleHoliday(id, event.target.checked)}
                    />
                    <span>{POLISH_HOLIDAY_NAMES[id]}</span>
                  </label>
                </li>
              ))}
            </ul>
            {errors.delivery_open_holidays && (
              <p id={`${baseId}-holidays-error`} className="mt-1.5 text-sm font-medium text-blush-700">
                {errors.delivery_open_holidays}
              </p>
            )}
          </fieldset>
        </div>
      </Group>

      <Group
        title="Dni szczytu"
        description="W dni szczytu jest tylko jedno okno 'w ciągu dnia' z własną liczbą miejsc. Przez trzy tygodnie przed każdym z nich strona główna zachęca klientów do zamówienia na ten dzień."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {field('delivery_peak_days', 'Dni szczytu', { hint: 'dzień.miesiąc, np. 14.02, 01.11' })}
          {field('delivery_peak_window', 'Godziny dostaw w dniu szczytu', { hint: 'np. 9:00–15:00' })}
          {field('delivery_peak_capacity', 'Miejsca w dniu szczytu', { inputMode: 'numeric' })}
        </div>
      </Group>

      <Group title="Usługi" description="Ceny usług przy dostawie na cmentarz, w złotych (0: bezpłatnie).">
        <div className="grid gap-4 sm:grid-cols-2">
          {DELIVERY_SERVICE_IDS.map((service) =>
            field(SERVICE_PRICE_KEYS[service], `Cena: ${DELIVERY_SERVICE_LABELS[service]} (zł)`, { inputMode: 'decimal' }),
          )}
        </div>
      </Group>

      <SaveFooter save={save} label="Zapisz ustawienia dostaw" />
    </form>
  );
}

function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-forest-900">{title}</legend>
      <p className="mb-4 text-sm text-ink-muted">{description}</p>
      {children}
    </fieldset>
  );
}

function TextSetting({
  id,
  name,
  label,
  context,
  hint,
  value,
  error,
  inputMode,
  multiline = false,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  /** Said to screen readers after the label ('– Poniedziałek'): the box around it says it to the eye. */
  context?: string;
  hint?: string;
  value: string;
  error: string | undefined;
  inputMode?: 'numeric' | 'decimal';
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-forest-900">
        {label}
        {context && <span className="sr-only"> – {context}</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} className={`${inputClass} resize-y`} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
