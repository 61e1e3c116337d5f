import { useId, useState } from 'react';
import { parseAmountText, type Grosz } from '../../domain/money.ts';
import { amountText, type ShopSort } from './shop-search.ts';

/** A filter param of /shop as the URL carries it; undefined removes it. */
export type FilterParam = 'sort' | 'min' | 'max';
export type OnFilterChange = (param: FilterParam, value: string | undefined) => void;

const control =
  'min-h-11 w-full rounded-xl border border-forest-200 bg-white px-3 text-base text-ink focus:border-forest-700 aria-invalid:border-blush-700';
const labelClass = 'text-sm font-medium text-forest-900';

interface ShopFiltersProps {
  /** Whether a search is typed: its results may come best match first. */
  searching: boolean;
  sort: ShopSort | undefined;
  min: Grosz | undefined;
  max: Grosz | undefined;
  onChange: OnFilterChange;
}

/** The order and the price range of /shop; every change goes to the URL, so a link or a reload keeps it. */
export function ShopFilters({ searching, sort, min, max, onChange }: ShopFiltersProps) {
  const sortId = useId();
  // Without a search the catalog's own order is the newest first: that choice needs no param.
  const options: Array<[string, string]> = searching
    ? [
        ['', 'Najtrafniejsze'],
        ['newest', 'Najnowsze'],
      ]
    : [['', 'Najnowsze']];
  const value = sort === 'newest' && !searching ? '' : (sort ?? '');
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_9rem_9rem]">
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={sortId} className={labelClass}>
          Sortuj
        </label>
        <select
          id={sortId}
          value={value}
          onChange={(event) => onChange('sort', event.target.value || undefined)}
          className={`${control} mt-1`}
        >
          {options
            .concat([
              ['price-asc', 'Cena: od najniższej'],
              ['price-desc', 'Cena: od najwyższej'],
            ])
            .map(([option, label]) => (
              <option key={option} value={option}>
                {label}
              </option>
            ))}
        </select>
      </div>
      <PriceBound label="Cena od" amount={min} onChange={(text) => onChange('min', text)} />
      <PriceBound label="Cena do" amount={max} onChange={(text) => onChange('max', text)} />
    </div>
  );
}

function PriceBound({
  label,
  amount,
  onChange,
}: {
  label: string;
  amount: Grosz | undefined;
  onChange: (text: string | undefined) => void;
}) {
  const id = useId();
  // The box keeps what was typed ('49,' on the way to '49,99'); the URL gets only amounts.
  const [typed, setTyped] = useState(() => amountText(amount));
  const [seen, setSeen] = useState(amount);
  if (amount !== seen) {
    setSeen(amount);
    if ((parseAmountText(typed) ?? undefined) !== amount) setTyped(amountText(amount));
  }
  const invalid = typed.trim() !== '' && parseAmountText(typed) === null;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          maxLength={12}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-unit${invalid ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const next = event.target.value;
            setTyped(next);
            if (next.trim() === '') onChange(undefined);
            else if (parseAmountText(next) !== null) onChange(next.trim());
          }}
          className={`${control} pr-9`}
        />
        <span id={`${id}-unit`} className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted">
          zł
        </span>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-blush-700">
          Wpisz kwotę, np. 50 lub 49,99.
        </p>
      ) : null}
    </div>
  );
}
