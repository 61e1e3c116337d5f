import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import {
  CART_SHIPPING_LABELS,
  CART_SHIPPING_OPTIONS,
  catalogueNumber,
  parseQuantity,
  type CartShippingMethod,
  type CartSummary,
} from '../../domain/cart.ts';
import { fixedShippingCost } from '../../domain/delivery.ts';
import { formatPln, type Grosz } from '../../domain/money.ts';
import { PrinterIcon, TrashIcon } from '../../lib/icons.tsx';
import type { CartViewLine } from './cart-lines.ts';
import { CHECKOUT_HREF, PathLink } from './path-link.tsx';
import { ProductThumb } from './product-thumb.tsx';

export const QUANTITY_ERROR = 'Podaj liczbę całkowitą większą od 0';

export interface CartPageViewProps {
  lines: CartViewLine[];
  method: CartShippingMethod;
  summary: CartSummary;
  onSetQuantities: (changes: Array<{ productId: string; quantity: number }>) => void;
  onRemove: (productId: string) => void;
  onClear: () => void;
  onMethodChange: (method: CartShippingMethod) => void;
  onPrint?: () => void;
}

function priceOrFree(amount: Grosz): string {
  return amount === 0 ? 'Gratis' : formatPln(amount);
}

const cellLabel = 'text-xs font-medium tracking-wide text-ink-muted uppercase md:hidden print:hidden';

/** The cart page (spec §2 'Cart page'). Presentational: data and actions come in as props. */
export function CartPageView({ lines, method, summary, onSetQuantities, onRemove, onClear, onMethodChange, onPrint }: CartPageViewProps) {
  /** Quantities typed but not yet recalculated, by product id. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idPrefix = useId();

  const recalculate = (productIds: string[]) => {
    const changes: Array<{ productId: string; quantity: number }> = [];
    const nextErrors = { ...errors };
    const nextDrafts = { ...drafts };
    for (const productId of productIds) {
      const draft = drafts[productId];
      delete nextErrors[productId];
      delete nextDrafts[productId];
      if (draft === undefined) continue;
      const line = lines.find((l) => l.productId === productId);
      const quantity = parseQuantity(draft);
      if (quantity === null) {
        // The old quantity stays; the field shows it again with the reason.
        nextErrors[productId] = QUANTITY_ERROR;
      } else if (line && quantity !== line.quantity) {
        changes.push({ productId, quantity });
      }
    }
    setErrors(nextErrors);
    setDrafts(nextDrafts);
    if (changes.length > 0) onSetQuantities(changes);
  };

  const free = summary.missingForFree;

  if (lines.length === 0) {
    return (
      <section className="container-page py-8 sm:py-12" data-print-cart>
        <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Koszyk</h1>
        <div className="mt-8 rounded-2xl border border-forest-100 bg-white px-6 py-12 text-center">
          <p className="text-lg text-ink">Twój koszyk jest pusty</p>
          <Link to="/shop" className="btn-primary mt-6">
            Kontynuuj zakupy
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="container-page py-8 sm:py-12" data-print-cart>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Koszyk</h1>
        <button
          type="button"
          onClick={onPrint ?? (() => window.print())}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-medium text-forest-800 hover:bg-forest-50 print:hidden"
        >
          <PrinterIcon className="size-5" />
          Drukuj / PDF
        </button>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start print:block">
        <div>
          <table className="block w-full md:table md:border-collapse">
            <caption className="sr-only">Produkty w koszyku</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b-2 border-forest-100 text-left text-sm text-ink-muted">
                <th scope="col" className="py-2 pr-3 font-medium">Nr kat.</th>
                <th scope="col" className="py-2 pr-3 font-medium"><span className="sr-only">Zdjęcie</span></th>
                <th scope="col" className="py-2 pr-3 font-medium">Produkt</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Cena</th>
                <th scope="col" className="py-2 pr-3 font-medium">Ilość</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Wartość</th>
                <th scope="col" className="py-2 font-medium print:hidden"><span className="sr-only">Usuń</span></th>
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {lines.map((line) => {
                const inputId = `${idPrefix}-qty-${line.productId}`;
                const errorId = `${inputId}-error`;
                const error = errors[line.productId];
                const draft = drafts[line.productId];
                return (
                  <tr
                    key={line.productId}
                    data-testid="cart-line"
                    className="grid grid-cols-[4rem_minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-2xl border border-forest-100 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0"
                  >
                    <td className="col-start-2 row-start-2 text-sm text-ink-muted md:table-cell md:py-4 md:pr-3 md:align-middle md:font-mono">
                      <span className={cellLabel}>Nr kat. </span>
                      {catalogueNumber(line.productId)}
                    </td>
                    <td className="col-start-1 row-span-2 row-start-1 md:table-cell md:py-4 md:pr-3 md:align-middle">
                      <ProductThumb src={line.imageUrl} />
                    </td>
                    <td className="col-start-2 row-start-1 md:table-cell md:py-4 md:pr-3 md:align-middle">
                      {line.available ? (
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
                          <span className="block text-sm text-blush-700">Ten produkt nie jest już dostępny. Usuń go z koszyka.</span>
                        </>
                      )}
                    </td>
                    <td className="col-span-2 col-start-2 row-start-3 text-sm md:table-cell md:py-4 md:pr-3 md:text-right md:align-middle md:text-base">
                      <span className={cellLabel}>Cena </span>
                      {line.available ? formatPln(line.unitPrice) : '—'}
                    </td>
                    <td className="col-span-3 row-start-4 md:table-cell md:py-4 md:pr-3 md:align-middle">
                      <label htmlFor={inputId} className="sr-only">
                        Ilość: {line.name}
                      </label>
                      <span className="hidden print:inline">{line.quantity}</span>
                      <div className="flex items-center gap-2 print:hidden">
                        <input
                          id={inputId}
                          type="text"
                          inputMode="numeric"
                          autoComplete="off"
                          disabled={!line.available}
                          value={draft ?? String(line.quantity)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          onChange={(event) => setDrafts((d) => ({ ...d, [line.productId]: event.target.value }))}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') {
                              event.preventDefault();
                              recalculate([line.productId]);
                            }
                          }}
                          className={`h-11 w-20 rounded-lg border bg-white px-3 text-center tabular-nums disabled:bg-cream-200 ${
                            error ? 'border-blush-700' : 'border-forest-200'
                          }`}
                        />
                        <button
                          type="button"
                          disabled={!line.available}
                          onClick={() => recalculate([line.productId])}
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
                      <span data-testid="line-total">{line.available ? formatPln(line.lineTotal) : '—'}</span>
                    </td>
                    <td className="col-start-3 row-start-1 -mt-2 -mr-2 justify-self-end md:table-cell md:m-0 md:py-4 md:text-right md:align-middle print:hidden">
                      <button
                        type="button"
                        onClick={() => onRemove(line.productId)}
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
            <button
              type="button"
              onClick={() => recalculate(lines.map((line) => line.productId))}
              className="btn-secondary"
            >
              Przelicz koszyk
            </button>
            <button
              type="button"
              onClick={onClear}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-medium text-ink-muted hover:bg-forest-50 hover:text-ink"
            >
              <TrashIcon className="size-5" />
              Wyczyść koszyk
            </button>
          </div>

          <CouponForm />
        </div>

        <aside aria-labelledby={`${idPrefix}-summary`} className="rounded-2xl border border-forest-100 bg-white p-5 sm:p-6 print:mt-6 print:border-0 print:p-0">
          <h2 id={`${idPrefix}-summary`} className="text-xl font-semibold text-forest-900">
            Podsumowanie
          </h2>

          <div className="mt-4 print:hidden">
            <label htmlFor={`${idPrefix}-country`} className="block text-sm font-medium text-ink">
              Kraj
            </label>
            <select
              id={`${idPrefix}-country`}
              defaultValue="PL"
              className="mt-1 h-11 w-full rounded-lg border border-forest-200 bg-white px-3"
            >
              <option value="PL">Polska</option>
            </select>
          </div>

          <fieldset className="mt-5 print:hidden">
            <legend className="text-sm font-medium text-ink">Dostawa</legend>
            <div className="mt-2 space-y-1">
              {CART_SHIPPING_OPTIONS.map((option) => {
                const price = fixedShippingCost(option, summary.subtotal);
                return (
                  <label
                    key={option}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-forest-50 has-checked:bg-forest-50"
                  >
                    <input
                      type="radio"
                      name={`${idPrefix}-shipping`}
                      value={option}
                      checked={method === option}
                      onChange={() => onMethodChange(option)}
                      className="size-5 accent-forest-800"
                    />
                    <span className="flex-1 text-ink">{CART_SHIPPING_LABELS[option]}</span>
                    <span className={`tabular-nums ${price === 0 ? 'font-semibold text-forest-700' : 'text-ink'}`}>
                      {priceOrFree(price)}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          {free > 0 && (
            <p className="mt-4 rounded-lg bg-blush-50 px-3 py-2 text-sm text-ink" data-testid="free-shipping-missing">
              Do darmowej wysyłki brakuje Ci: <strong className="whitespace-nowrap">{formatPln(free)}</strong>
            </p>
          )}

          <dl className="mt-5 space-y-2 border-t border-forest-100 pt-4">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">Produkty</dt>
              <dd className="tabular-nums" data-testid="summary-subtotal">{formatPln(summary.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">
                Dostawa <span className="text-sm">({CART_SHIPPING_LABELS[method]})</span>
              </dt>
              <dd className="tabular-nums" data-testid="summary-shipping">{priceOrFree(summary.shipping)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-forest-100 pt-2 text-lg font-bold text-forest-900">
              <dt>Razem</dt>
              <dd className="tabular-nums" data-testid="summary-total">{formatPln(summary.total)}</dd>
            </div>
          </dl>

          <div className="mt-6 flex flex-col gap-3 print:hidden">
            <PathLink href={CHECKOUT_HREF} className="btn-primary w-full">
              Przejdź do kasy
            </PathLink>
            <Link to="/shop" className="btn-secondary w-full">
              Kontynuuj zakupy
            </Link>
          </div>
        </aside>
      </div>
    </section>
  );
}

/** No discount codes exist: the field answers honestly instead of pretending to work. */
function CouponForm() {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(code.trim() === '' ? 'Wpisz kod rabatowy' : 'Kod rabatowy jest nieprawidłowy');
  };

  return (
    <form onSubmit={submit} className="mt-8 max-w-md print:hidden" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Kod rabatowy
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          value={code}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.target.value);
            setMessage(null);
          }}
          aria-describedby={message ? `${id}-message` : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-forest-200 bg-white px-3"
        />
        <button type="submit" className="inline-flex min-h-11 items-center rounded-full bg-forest-800 px-5 font-semibold text-white hover:bg-forest-900">
          Aktywuj
        </button>
      </div>
      {message && (
        <p id={`${id}-message`} role="status" className="mt-1 text-sm text-blush-700">
          {message}
        </p>
      )}
    </form>
  );
}
