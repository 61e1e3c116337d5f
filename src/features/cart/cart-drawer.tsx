import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../domain/cart-quantity.ts';
import { formatPln, type Grosz } from '../../domain/money.ts';
import { CloseIcon } from '../../lib/icons/first-load.tsx';
import { MinusIcon, PlusIcon, TrashIcon } from '../../lib/icons/later.tsx';
import { ProductThumb } from '../../lib/product-image.tsx';
import { CartLineStatus, lineAmountText } from './cart-line-status.tsx';
import type { CartViewLine } from './cart-lines.ts';
import { WithdrawalMark } from './withdrawal-mark.tsx';

export interface CartDrawerViewProps {
  open: boolean;
  onClose: () => void;
  /** undefined while the cart is first read from the device. */
  lines: CartViewLine[] | undefined;
  subtotal: Grosz;
  /** By the line's key (cartLineKey). */
  onSetQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onClear: () => void;
}

const stepButton =
  'grid size-11 place-items-center rounded-full text-forest-900 hover:bg-forest-50 disabled:cursor-not-allowed disabled:text-ink-muted/40 disabled:hover:bg-transparent';

/** The cart drawer (docs/spec.md §2), sliding in from the right. Presentational: data and actions come in as props. */
export function CartDrawerView({ open, onClose, lines, subtotal, onSetQuantity, onRemove, onClear }: CartDrawerViewProps) {
  const empty = lines !== undefined && lines.length === 0;
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-forest-900/40 transition-opacity duration-300 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-y-0 right-0 flex max-w-full">
        <DialogPanel
          transition
          className="flex h-dvh w-screen max-w-md flex-col bg-cream shadow-xl transition-transform duration-300 ease-out data-closed:translate-x-full"
        >
          <div className="flex items-center justify-between gap-4 border-b border-forest-100 px-4 py-3 sm:px-6">
            <DialogTitle className="text-xl font-semibold text-forest-900">Twój koszyk</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="Zamknij koszyk"
              className="grid size-11 place-items-center rounded-full text-forest-900 hover:bg-forest-50"
            >
              <CloseIcon />
            </button>
          </div>

          {lines === undefined ? (
            <p className="flex-1 px-6 py-10 text-ink-muted" role="status">
              Wczytywanie koszyka…
            </p>
          ) : empty ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
              <p className="text-lg text-ink">Twój koszyk jest pusty</p>
              <Link to="/shop" onClick={onClose} className="btn-primary">
                Kontynuuj zakupy
              </Link>
            </div>
          ) : (
            <>
              <ul className="flex-1 divide-y divide-forest-100 overflow-y-auto px-4 sm:px-6" aria-label="Produkty w koszyku">
                {lines.map((line) => (
                  <li key={line.key} className="flex gap-3 py-4">
                    <ProductThumb product={line.picture} />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <div className="flex items-start justify-between gap-2">
                        {line.availability === 'available' ? (
                          <Link
                            to="/product/$id"
                            params={{ id: line.productId }}
                            onClick={onClose}
                            className="font-medium text-forest-900 underline-offset-2 hover:underline"
                          >
                            {line.name}
                          </Link>
                        ) : (
                          <span className="font-medium text-ink-muted">{line.name}</span>
                        )}
                        <span className="shrink-0 font-semibold text-ink" data-testid="drawer-line-total">
                          {lineAmountText(line, formatPln(line.lineTotal))}
                        </span>
                      </div>
                      {line.sizeLabel ? <p className="text-sm text-ink-muted">Rozmiar: {line.sizeLabel}</p> : null}
                      <CartLineStatus line={line} />
                      <WithdrawalMark line={line} />
                      <div className="mt-1 flex items-center justify-between gap-2">
                        <div className="flex items-center rounded-full border border-forest-200 bg-white">
                          <button
                            type="button"
                            className={stepButton}
                            aria-label={`Zmniejsz ilość: ${line.name}`}
                            disabled={!line.available || line.quantity <= MIN_QUANTITY}
                            onClick={() => onSetQuantity(line.key, line.quantity - 1)}
                          >
                            <MinusIcon className="size-5" />
                          </button>
                          {/* Visible text, not aria-label: a span's label is ignored. */}
                          <span className="min-w-8 text-center tabular-nums">
                            <span className="sr-only">Ilość: </span>
                            {line.quantity}
                          </span>
                          <button
                            type="button"
                            className={stepButton}
                            aria-label={`Zwiększ ilość: ${line.name}`}
                            disabled={!line.available || line.quantity >= MAX_QUANTITY}
                            onClick={() => onSetQuantity(line.key, line.quantity + 1)}
                          >
                            <PlusIcon className="size-5" />
                          </button>
                        </div>
                        <button
                          type="button"
                          onClick={() => onRemove(line.key)}
                          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-blush-700 hover:bg-blush-50"
                          aria-label={`Usuń: ${line.name}`}
                        >
                          <TrashIcon className="size-5" />
                          <span aria-hidden="true">Usuń</span>
                        </button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>

              <div className="border-t border-forest-100 bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
                <p className="flex items-baseline justify-between text-lg">
                  <span className="font-medium text-ink">Razem</span>
                  <span className="font-bold text-forest-900" data-testid="drawer-total">
                    {formatPln(subtotal)}
                  </span>
                </p>
                <p className="mt-1 text-sm text-ink-muted">Koszt dostawy wybierzesz w koszyku lub przy kasie.</p>
                <Link to="/checkout" onClick={onClose} className="btn-primary mt-4 w-full">
                  Do kasy
                </Link>
                <div className="mt-2 flex items-center justify-between gap-2">
                  <Link
                    to="/cart"
                    onClick={onClose}
                    className="inline-flex min-h-11 items-center rounded-full px-3 font-medium text-forest-800 underline-offset-2 hover:underline"
                  >
                    Zobacz koszyk
                  </Link>
                  <button
                    type="button"
                    onClick={onClear}
                    className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-forest-50 hover:text-ink"
                  >
                    Wyczyść koszyk
                  </button>
                </div>
              </div>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
