import { useId } from 'react';
import { addDays, isIsoDate } from '../../../domain/calendar/calendar-date.ts';
import { formatLongDay } from '../../../domain/polish-date.ts';
import { selectClass } from '../admin-ui.tsx';

const dayButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border-2 border-forest-800 px-3 py-2 font-semibold text-forest-800 hover:bg-forest-50 disabled:border-forest-200 disabled:text-ink-muted';

/** The day a day page shows: previous, a date field, next and 'Dziś'; then the day's name. `go` gets the chosen date. */
export function DayPicker({ date, today, go }: { date: string; today: string; go: (date: string) => void }) {
  const dateId = useId();
  return (
    <>
      <nav aria-label="Wybór dnia" className="mt-4 flex flex-wrap items-end gap-2">
        <button type="button" className={dayButton} onClick={() => go(addDays(date, -1))}>
          <span aria-hidden="true" className="text-xl leading-none">
            ‹
          </span>
          <span className="sr-only sm:not-sr-only">Poprzedni dzień</span>
        </button>
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor={dateId} className="mb-1 block text-sm font-medium text-forest-900">
            Dzień
          </label>
          <input
            id={dateId}
            type="date"
            className={`${selectClass} min-h-11`}
            value={date}
            onChange={(event) => {
              if (isIsoDate(event.target.value)) go(event.target.value);
            }}
          />
        </div>
        <button type="button" className={dayButton} onClick={() => go(addDays(date, 1))}>
          <span className="sr-only sm:not-sr-only">Następny dzień</span>
          <span aria-hidden="true" className="text-xl leading-none">
            ›
          </span>
        </button>
        <button type="button" className={dayButton} aria-pressed={date === today} disabled={date === today} onClick={() => go(today)}>
          Dziś
        </button>
      </nav>

      <h2 className="mt-5 text-xl font-semibold text-forest-900 first-letter:uppercase" aria-live="polite">
        {formatLongDay(date)}
        {date === today && <span className="text-ink-muted"> (dziś)</span>}
      </h2>
    </>
  );
}
