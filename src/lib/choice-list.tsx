import type { ChoiceRow } from '../domain/order-choices.ts';

/**
 * What the customer chose beyond the products (src/domain/order-choices.ts)
 * as the order page and the checkout's confirmation list it. The card's
 * words keep the line breaks they were typed with. Here because features do
 * not import each other.
 */
export function ChoiceList({ rows, className = '' }: { rows: readonly ChoiceRow[]; className?: string }) {
  return (
    // On a phone each label sits above its value: beside a long label ('Jeśli zabraknie któregoś kwiatu') the value
    // would be left a column a few letters wide.
    <dl
      className={`grid grid-cols-1 gap-x-4 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-y-1 ${className}`}
      data-testid="order-choices"
    >
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="mt-2 text-ink-muted sm:mt-0">{row.label}</dt>
          <dd className="break-words whitespace-pre-line">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
