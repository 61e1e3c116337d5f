import type { ChoiceRow } from '../domain/order-choices.ts';

/**
 * What the customer chose beyond the products (src/domain/order-choices.ts)
 * as the order page and the checkout's confirmation list it. The card's
 * words keep the line breaks they were typed with. Here because features do
 * not import each other.
 */
export function ChoiceList({ rows, className = '' }: { rows: readonly ChoiceRow[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 ${className}`} data-testid="order-choices">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-ink-muted">{row.label}</dt>
          <dd className="break-words whitespace-pre-line">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
