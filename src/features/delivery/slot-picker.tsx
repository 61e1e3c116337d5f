import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DeliveryAvailabilityResponse } from '../../domain/delivery-availability-contract.ts';
import { UNAVAILABLE_REASON_TEXTS, type DayAvailability } from '../../domain/delivery-calendar.ts';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { bookingKind, type BookingKind } from '../../domain/florist-order.ts';
import { numericDayMonth, weekdayShort } from '../../domain/polish-date.ts';
import { refreshAvailability } from './availability.ts';
import { chooseDate, dayReason, reconcileChoice } from './slot-choice.ts';
import {
  COURIER_DISPATCH_TEXT,
  STALE_COPY_TEXT,
  copyTime,
  dayNotes,
  deliveryReasonText,
  dispatchEstimate,
  longDayLabel,
  relativeDay,
} from './slot-texts.ts';
import { useDeliveryAvailability } from './use-availability.ts';

/** What the customer has chosen: a date ('YYYY-MM-DD', Warsaw), a window id (home, cemetery) or a pickup hour ('H:MM', store). */
export interface DeliverySlot {
  date: string;
  window: string;
  pickupTime: string;
}

/** Messages to show on the picker's parts (the schema's, or what the server said of them). */
export interface DeliverySlotErrors {
  date?: string;
  window?: string;
  pickupTime?: string;
}

/**
 * The 'Kiedy' picker: self-contained, it asks the
 * delivery-availability function itself and keeps the last answer on the
 * device for offline use. The checkout and the outbox's 'pick another
 * window' both use it.
 */
export interface DeliverySlotPickerProps {
  method: DeliveryMethod;
  date: string;
  window: string;
  pickupTime: string;
  onChange: (next: DeliverySlot) => void;
  errors?: DeliverySlotErrors;
  /** Bump it to ask the server again (e.g. after place-order said 'slot_unavailable'). */
  refreshKey?: number;
  /** Prefix of the element ids, for two pickers on one page; default 'delivery-slot'. */
  idPrefix?: string;
}

/** Days shown before 'Pokaż kolejne dni': two weeks fit a phone's strip. */
const DAYS_PER_PAGE = 14;

const tileClass =
  'relative flex cursor-pointer flex-col rounded-xl border border-forest-100 bg-white px-2 py-2 text-center hover:bg-forest-50 has-checked:border-forest-700 has-checked:bg-forest-50 has-checked:ring-2 has-checked:ring-forest-700 has-disabled:cursor-not-allowed has-disabled:bg-cream has-disabled:text-ink-muted has-disabled:hover:bg-cream has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-forest-700';
/** The tile's radio covers the whole tile, unseen: the tile is its click target, and the radio stays a real one for keyboards and screen readers. */
const tileInputClass = 'absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed';
const groupTitleClass = 'font-semibold text-forest-900';
const errorClass = 'mt-2 text-sm font-medium text-blush-700';

export function DeliverySlotPicker({
  method,
  date,
  window,
  pickupTime,
  onChange,
  errors = {},
  refreshKey = 0,
  idPrefix = 'delivery-slot',
}: DeliverySlotPickerProps) {
  const kind = bookingKind(method);
  const { answer, stale, loading, failed } = useDeliveryAvailability(refreshKey);
  const [notice, setNotice] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // A newer answer (or another method) may rule out what was chosen: clear it and say so.
  useEffect(() => {
    if (!answer) return;
    const outcome = reconcileChoice(answer, kind, { date, window, pickupTime });
    if (!outcome) return;
    onChangeRef.current(outcome.next);
    // The notice reports what this effect just changed in the parent's state; it cannot be derived afterwards.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (outcome.message) setNotice(outcome.message);
  }, [answer, kind, date, window, pickupTime]);

  const choose = (next: DeliverySlot) => {
    setNotice(null);
    onChange(next);
  };

  if (kind === 'none') {
    const estimate = answer && dispatchEstimate(answer.generatedAt, answer.today);
    return (
      <div className="rounded-xl bg-forest-50 px-4 py-3 text-ink" data-testid="courier-dispatch">
        <p>{COURIER_DISPATCH_TEXT}</p>
        {estimate && <p className="mt-1 text-sm text-ink-muted">{estimate}</p>}
      </div>
    );
  }

  return (
    // min-w-0: a fieldset is as wide as its content by default, and the phone's day strip scrolls inside it instead.
    <div className="min-w-0 space-y-5" data-testid="delivery-slot-picker">
      {stale && answer && (
        <p className="rounded-xl bg-cream-200 px-4 py-3 text-sm text-ink" data-testid="availability-stale">
          {STALE_COPY_TEXT} <span className="text-ink-muted">Stan z {copyTime(answer.generatedAt)}.</span>
        </p>
      )}
      <p role="status" className={notice ? 'rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700' : 'sr-only'}>
        {notice ?? ''}
      </p>
      {!answer && loading && <p className="text-ink-muted">Wczytywanie wolnych terminów…</p>}
      {!answer && failed && (
        <div className="rounded-xl bg-blush-50 px-4 py-3 text-sm text-blush-700">
          <p>Nie udało się pobrać wolnych terminów. Sprawdź połączenie z internetem.</p>
          <button type="button" className="btn-secondary mt-2 min-h-11 py-2" onClick={() => void refreshAvailability(true)}>
            Spróbuj ponownie
          </button>
        </div>
      )}
      {answer && (
        <>
          <DateStrip
            answer={answer}
            kind={kind}
            value={date}
            idPrefix={idPrefix}
            error={errors.date}
            onChoose={(next) => choose(chooseDate(answer, kind, { date, window, pickupTime }, next))}
          />
          {kind === 'window' ? (
            <WindowChoices
              answer={answer}
              date={date}
              value={window}
              idPrefix={idPrefix}
              error={errors.window}
              onChoose={(next) => choose({ date, window: next, pickupTime: '' })}
            />
          ) : (
            <PickupTimes
              answer={answer}
              date={date}
              value={pickupTime}
              idPrefix={idPrefix}
              error={errors.pickupTime}
              onChoose={(next) => choose({ date, window: '', pickupTime: next })}
            />
          )}
        </>
      )}
    </div>
  );
}

/** Marks the group's enabled radios invalid, so the form's 'focus the first invalid field' lands in it. */
function invalidProps(error: string | undefined, errorId: string, disabled: boolean) {
  return error && !disabled ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
}

function DateStrip({
  answer,
  kind,
  value,
  idPrefix,
  error,
  onChoose,
}: {
  answer: DeliveryAvailabilityResponse;
  kind: BookingKind;
  value: string;
  idPrefix: string;
  error: string | undefined;
  onChoose: (date: string) => void;
}) {
  const chosenIndex = answer.days.findIndex((day) => day.date === value);
  const [shown, setShown] = useState(DAYS_PER_PAGE);
  const visible = answer.days.slice(0, Math.max(shown, chosenIndex + 1));
  const errorId = `${idPrefix}-date-error`;
  const name = `${idPrefix}-date`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className={groupTitleClass}>{kind === 'pickup' ? 'Dzień odbioru' : 'Dzień dostawy'}</legend>
      <div className="-mx-1 mt-2 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2 sm:grid sm:grid-cols-4 sm:overflow-visible lg:grid-cols-7">
        {visible.map((day) => (
          <DayTile
            key={day.date}
            day={day}
            today={answer.today}
            kind={kind}
            name={name}
            checked={day.date === value}
            extra={invalidProps(error, errorId, dayReason(day, kind) !== null)}
            onChoose={onChoose}
          />
        ))}
      </div>
      {visible.length < answer.days.length && (
        <button
          type="button"
          className="btn-secondary mt-2 min-h-11 py-2 text-sm"
          onClick={() => setShown((count) => count + DAYS_PER_PAGE)}
        >
          Pokaż kolejne dni
        </button>
      )}
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DayTile({
  day,
  today,
  kind,
  name,
  checked,
  extra,
  onChoose,
}: {
  day: DayAvailability;
  today: string;
  kind: BookingKind;
  name: string;
  checked: boolean;
  extra: object;
  onChoose: (date: string) => void;
}) {
  const reason = dayReason(day, kind);
  const notes = dayNotes(day);
  const status =
    reason === null ? null : kind === 'window' ? deliveryReasonText(reason, day.delivery.cutoff) : UNAVAILABLE_REASON_TEXTS[reason];
  return (
    <label className={`${tileClass} min-h-[5.5rem] w-[6.5rem] shrink-0 snap-start sm:w-auto`}>
      <input
        type="radio"
        name={name}
        value={day.date}
        checked={checked}
        disabled={reason !== null}
        onChange={() => onChoose(day.date)}
        className={tileInputClass}
        {...extra}
      />
      <span className="sr-only">
        {longDayLabel(day.date, today)}
        {notes.length > 0 && `, ${notes.join(', ')}`}
        {status && ` — ${status}`}
      </span>
      <span aria-hidden="true" className="text-sm text-ink-muted">
        {relativeDay(day.date, today) ?? weekdayShort(day.date)}
      </span>
      <span aria-hidden="true" className="text-lg font-semibold tabular-nums">
        {numericDayMonth(day.date)}
      </span>
      {notes.map((note) => (
        <span key={note} aria-hidden="true" className="text-xs leading-tight text-forest-800">
          {note}
        </span>
      ))}
      {status && (
        <span aria-hidden="true" className="text-xs leading-tight">
          {status}
        </span>
      )}
    </label>
  );
}

interface SlotGroupProps {
  answer: DeliveryAvailabilityResponse;
  date: string;
  value: string;
  idPrefix: string;
  error: string | undefined;
  onChoose: (slot: string) => void;
}

/** The frame both slot groups share: the legend naming the chosen day, the hint before a day is chosen, the error. */
function SlotFieldset({
  title,
  noDayHint,
  answer,
  day,
  error,
  errorId,
  children,
}: {
  title: string;
  noDayHint: string;
  answer: DeliveryAvailabilityResponse;
  day: DayAvailability | undefined;
  error: string | undefined;
  errorId: string;
  children: (day: DayAvailability) => ReactNode;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className={groupTitleClass}>
        {title}
        {day && <span className="font-normal"> — {longDayLabel(day.date, answer.today)}</span>}
      </legend>
      {day ? children(day) : <p className="mt-2 text-sm text-ink-muted">{noDayHint}</p>}
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function WindowChoices({ answer, date, value, idPrefix, error, onChoose }: SlotGroupProps) {
  const errorId = `${idPrefix}-window-error`;
  return (
    <SlotFieldset
      title="Godziny dostawy"
      noDayHint="Najpierw wybierz dzień, a pokażemy wolne godziny dostawy."
      answer={answer}
      day={answer.days.find((candidate) => candidate.date === date)}
      error={error}
      errorId={errorId}
    >
      {(day) => (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {day.delivery.windows.map((slot, index) => (
            <label key={slot.id} className={`${tileClass} min-h-12 flex-row items-center justify-between gap-3 px-4 text-left`}>
              <input
                type="radio"
                name={`${idPrefix}-window`}
                value={slot.id}
                checked={slot.id === value}
                disabled={!slot.available}
                onChange={() => onChoose(slot.id)}
                className="size-5 shrink-0 accent-forest-800"
                {...invalidProps(error, errorId, !slot.available)}
              />
              <span className="flex-1 font-medium tabular-nums">{slot.label}</span>
              {slot.reason && (
                <span className="text-sm">
                  {deliveryReasonText(
                    slot.reason,
                    day.delivery.cutoff,
                    day.delivery.windows.slice(index + 1).some((later) => later.available),
                  )}
                </span>
              )}
            </label>
          ))}
        </div>
      )}
    </SlotFieldset>
  );
}

function PickupTimes({ answer, date, value, idPrefix, error, onChoose }: SlotGroupProps) {
  const errorId = `${idPrefix}-time-error`;
  return (
    <SlotFieldset
      title="Godzina odbioru"
      noDayHint="Najpierw wybierz dzień, a pokażemy godziny odbioru."
      answer={answer}
      day={answer.days.find((candidate) => candidate.date === date)}
      error={error}
      errorId={errorId}
    >
      {(day) => {
        const unavailable = day.pickup.times.filter((time) => !time.available);
        const reasons = [...new Set(unavailable.map((time) => UNAVAILABLE_REASON_TEXTS[time.reason ?? 'closed']))];
        return (
          <>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {day.pickup.times.map((slot) => (
                <label key={slot.time} className={`${tileClass} min-h-12 items-center justify-center`}>
                  <input
                    type="radio"
                    name={`${idPrefix}-time`}
                    value={slot.time}
                    checked={slot.time === value}
                    disabled={!slot.available}
                    onChange={() => onChoose(slot.time)}
                    className={tileInputClass}
                    {...invalidProps(error, errorId, !slot.available)}
                  />
                  <span className={`font-medium tabular-nums ${slot.available ? '' : 'line-through'}`}>{slot.time}</span>
                  {slot.reason && <span className="sr-only"> — {UNAVAILABLE_REASON_TEXTS[slot.reason]}</span>}
                </label>
              ))}
            </div>
            {reasons.length > 0 && (
              <p className="mt-2 text-sm text-ink-muted">
                Niedostępne godziny ({unavailable.map((time) => time.time).join(', ')}): {reasons.join(', ')}.
              </p>
            )}
          </>
        );
      }}
    </SlotFieldset>
  );
}
