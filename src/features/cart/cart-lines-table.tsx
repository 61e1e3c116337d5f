import { useId, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from '../../domain/cart-quantity.ts';
import { formatPln } from '../../domain/money.ts';
import { MinusIcon, PlusIcon, TrashIcon } from '../../lib/icons/later.tsx';
import { ProductThumb } from '../../lib/product-image.tsx';
import { CartLineStatus, lineAmountText } from './cart-line-status.tsx';
import type { CartViewLine } from './cart-lines.ts';
import { WithdrawalMark } from './withdrawal-mark.tsx';

export const QUANTITY_ERROR = 'Podaj liczbę całkowitą większą od 0';

const cellLabel = 'text-xs font-medium tracking-wide text-ink-muted uppercase md:hidden print:hidden';

export interface CartLinesTableProps {
  lines: CartViewLine[];
  onSetQuantities: (changes: Array<{ key: string; quantity: number }>) => void;
  /** By the line's key (cartLineKey). */
  onRemove: (key: string) => void;
  /** 'Wyczyść koszyk' is shown only when given. */
  onClear?: () => void;
  /** Minus/plus buttons beside each quantity (the checkout's table). */
  steppers?: boolean;
  /** What the shop said of a line, by product id (e.g. the checkout's 'Dostępne są tylko 2 szt. …'). */
  lineNotes?: Readonly<Record<string, string>>;
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-11 shrink-0 place-items-center rounded-full border border-forest-200 text-forest-800 hover:bg-forest-50 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * The editable cart lines (docs/spec.md §2 cart page and checkout): quantity typed and
 * applied per line or for the whole cart ('Przelicz koszyk'), remove, and on
 * the checkout minus/plus.
 */
export function CartLinesTable({ lines, onSetQuantities, onRemove, onClear, steppers = false, lineNotes = {} }: CartLinesTableProps) {
  /** Quantities typed but not yet recalculated, by line key. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idPrefix = useId();

  const recalculate = (keys: string[]) => {
    const changes: Array<{ key: string; quantity: number }> = [];
    const nextErrors = { ...errors };
    const nextDrafts = { ...drafts };
    for (const key of keys) {
      const draft = drafts[key];
      delete nextErrors[key];
      delete nextDrafts[key];
      if (draft === undefined) continue;
      const line = lines.find((l) => l.key === key);
      const quantity = parseQuantity(draft);
      if (quantity === null) {
        // The old quantity stays; the field shows it again with the reason.
        nextErrors[key] = QUANTITY_ERROR;
      } else if (line && quantity !== line.quantity) {
        changes.push({ key, quantity });
      }
    }
    setErrors(nextErrors);
    setDrafts(nextDrafts);
    if (changes.length > 0) onSetQuantities(changes);
  };

  const step = (line: CartViewLine, delta: number) => {
    setDrafts(({ [line.key]: _typed, ...rest }) => rest);
    setErrors(({ [line.key]: _shown, ...rest }) => rest);
    const quantity = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, line.quantity + delta));
    if (quantity !== line.quantity) onSetQuantities([{ key: line.key, quantity }]);
  };

  return (
    <>
      <table className="block w-full md:table md:border-collapse">
        <caption className="sr-only">Produkty w koszyku</caption>
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr className="border-b-2 border-forest-100 text-left text-sm text-ink-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              <span className="sr-only">Zdjęcie</span>
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Produkt
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Cena
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Ilość
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Wartość
            </th>
            <th scope="col" className="py-2 font-medium print:hidden">
              <span className="sr-only">Usuń</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {lines.map((line) => {
            const inputId = `${idPrefix}-qty-${line.key}`;
            const errorId = `${inputId}-error`;
            const error = errors[line.key];
            const draft = drafts[line.key];
            return (
              <tr
                key={line.key}
                data-testid="cart-line"
                className="grid grid-cols-[4rem_minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-2xl border border-forest-100 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0"
              >
                <td className="col-start-1 row-span-2 row-start-1 md:table-cell md:py-4 md:pr-3 md:align-middle">
                  <ProductThumb product={line.picture} />
                </td>
                <td className="col-start-2 row-start-1 md:table-cell md:py-4 md:pr-3 md:align-middle">
                  {line.availability === 'available' ? (
                    <Link
                      to="/product/$id"
                      params={{ id: line.productId }}
                      className="font-medium text-forest-900 underline-offset-2 hover:underline"
                    >
                      {line.name}
                    </Link>
                  ) : (
                    <>
                      <span className="font-medium text-ink-muted">{line.name}</span>
                      <CartLineStatus line={line} />
                    </>
                  )}
                  {line.sizeLabel ? <p className="text-sm text-ink-muted">Rozmiar: {line.sizeLabel}</p> : null}
                  <WithdrawalMark line={line} />
                  {lineNotes[line.productId] ? (
                    <p className="mt-1 text-sm font-medium text-blush-700" data-testid="cart-line-note">
                      {lineNotes[line.productId]}
                    </p>
                  ) : null}
                </td>
                <td className="col-span-2 col-start-2 row-start-3 text-sm md:table-cell md:py-4 md:pr-3 md:text-right md:align-middle md:text-base">
                  <span className={cellLabel}>Cena </span>
                  {lineAmountText(line, formatPln(line.unitPrice))}
                </td>
                <td className="col-span-3 row-start-4 md:table-cell md:py-4 md:pr-3 md:align-middle">
                  <label htmlFor={inputId} className="sr-only">
                    Ilość: {line.name}
                  </label>
                  <span className="hidden print:inline">{line.quantity}</span>
                  <div className="flex items-center gap-2 print:hidden">
                    {steppers && (
                      <StepButton
                        label={`Zmniejsz ilość: ${line.name}`}
                        disabled={!line.available || line.quantity <= MIN_QUANTITY}
                        onClick={() => step(line, -1)}
                      >
                        <MinusIcon className="size-4" />
                      </StepButton>
                    )}
                    <input
                      id={inputId}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      disabled={!line.available}
                      value={draft ?? String(line.quantity)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(event) => setDrafts((d) => ({ ...d, [line.key]: event.target.value }))}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          recalculate([line.key]);
                        }
                      }}
                      className={`h-11 w-20 rounded-lg border bg-white px-3 text-center tabular-nums disabled:bg-cream-200 ${
                        error ? 'border-blush-700' : 'border-forest-200'
                      }`}
                    />
                    {steppers && (
                      <StepButton
                        label={`Zwiększ ilość: ${line.name}`}
                        disabled={!line.available || line.quantity >= MAX_QUANTITY}
                        onClick={() => step(line, 1)}
                      >
                        <PlusIcon className="size-4" />
                      </StepButton>
                    )}
                    <button
                      type="button"
                      disabled={!line.available}
                      onClick={() => recalculate([line.key])}
                      aria-label={`Przelicz: ${line.name}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-forest-200 px-3 text-sm font-medium text-forest-800 hover:bg-forest-50 disabled:opacity-50"
                    >
                      Przelicz
                    </button>
                  </div>
                  {error && (
                    <p id={errorId} role="alert" className="mt-1 text-sm text-blush-700 print:hidden">
                      {error}
                    </p>
                  )}
                </td>
                <td className="col-start-3 row-start-3 self-end text-right font-semibold md:table-cell md:py-4 md:pr-3 md:align-middle">
                  <span className="sr-only md:hidden">Wartość </span>
                  <span data-testid="line-total">{lineAmountText(line, formatPln(line.lineTotal))}</span>
                </td>
                <td className="col-start-3 row-start-1 -mt-2 -mr-2 justify-self-end md:table-cell md:m-0 md:py-4 md:text-right md:align-middle print:hidden">
                  <button
                    type="button"
                    onClick={() => onRemove(line.key)}
                    aria-label={`Usuń: ${line.name}`}
                    className="grid size-11 place-items-center rounded-full text-blush-700 hover:bg-blush-50"
                  >
                    <TrashIcon className="size-5" />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <button type="button" onClick={() => recalculate(lines.map((line) => line.key))} className="btn-secondary">
          Przelicz koszyk
        </button>
        {onClear && (
          <button
            type="button"
            onClick={onClear}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-medium text-ink-muted hover:bg-forest-50 hover:text-ink"
          >
            <TrashIcon className="size-5" />
            Wyczyść koszyk
          </button>
        )}
      </div>
    </>
  );
}
