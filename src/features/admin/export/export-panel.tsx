import { useId, useState } from 'react';
import { dateRangeProblem, previousMonth, type DateRange } from '../../../domain/csv.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { selectClass } from '../admin-ui.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { exportFileName, ordersCsv, paymentsCsv } from './accounting-export.ts';

/** The text already starts with its BOM, so Polish Excel reads it as UTF-8. */
function download(fileName: string, text: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * 'Eksport dla księgowości' on the payments page: the orders and the
 * payments of a Warsaw date range as CSV files for Polish Excel. Made from
 * the orders the back office already holds, so it works offline from the
 * device's copy (the page says when that copy was saved).
 */
export function ExportPanel({ orders, today }: { orders: readonly AdminOrder[]; today: string }) {
  const [range, setRange] = useState<DateRange>(() => previousMonth(today));
  const [problem, setProblem] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const problemId = useId();

  const save = (kind: 'orders' | 'payments') => {
    const found = dateRangeProblem(range);
    setProblem(found);
    if (found) return;
    download(exportFileName(kind, range), kind === 'orders' ? ordersCsv(orders, range) : paymentsCsv(orders, range));
  };
  const field = (id: string, label: string, key: keyof DateRange) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-forest-900">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`${selectClass} min-h-11`}
        value={range[key]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setRange((previous) => ({ ...previous, [key]: event.target.value }))}
      />
    </div>
  );

  return (
    <details className="mt-4 rounded-2xl border border-forest-100 bg-white p-4">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-forest-900">Eksport dla księgowości (CSV)</summary>
      <p className="mt-1 text-sm text-ink-muted">
        Pliki CSV dla Excela: zamówienia złożone w wybranych dniach oraz wpłaty i zwroty z tych dni. Kwoty brutto.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[12rem_12rem_1fr] sm:items-end">
        {field(fromId, 'Od dnia', 'from')}
        {field(toId, 'Do dnia', 'to')}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={() => save('orders')}>
            Pobierz zamówienia
          </button>
          <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={() => save('payments')}>
            Pobierz płatności
          </button>
        </div>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {problem}
        </p>
      )}
    </details>
  );
}
