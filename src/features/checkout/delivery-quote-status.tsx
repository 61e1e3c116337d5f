import { formatPln, type Grosz } from '../../domain/money.ts';
import type { QuoteState } from './use-delivery-quote.ts';

/** What the customer sees about the home/cemetery delivery quote, announced politely to screen readers. */
export function DeliveryQuoteStatus({ state, ratePerKm }: { state: QuoteState; ratePerKm: Grosz }) {
  if (state.status === 'not-needed') return null;
  return (
    <div aria-live="polite" className="mt-4" data-testid="delivery-quote">
      {state.status === 'incomplete' && <p className="text-sm text-ink-muted">{state.message}</p>}
      {state.status === 'loading' && <p className="text-sm text-ink-muted">Obliczanie kosztu dostawy...</p>}
      {state.status === 'error' && (
        <p role="alert" className="rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <p className="rounded-xl bg-forest-50 px-4 py-3 text-sm text-ink">
          Koszt dostawy: <strong className="whitespace-nowrap text-forest-900">{formatPln(state.quote.cost)}</strong>
          {state.quote.formattedDistance && (
            <>
              {' '}
              – {state.quote.formattedDistance} w jedną stronę
              {state.quote.formattedDuration && `, ${state.quote.formattedDuration} jazdy`}
            </>
          )}
          . Liczymy {formatPln(ratePerKm)} za km w obie strony.
          {state.quote.estimated && ' Wycena szacunkowa na podstawie odległości do miejscowości.'}
        </p>
      )}
    </div>
  );
}
