import { formatPln } from '../../../domain/money.ts';
import type { MonthRevenue } from './dashboard-stats.ts';

const compact = new Intl.NumberFormat('pl-PL', { notation: 'compact', maximumFractionDigits: 1 });

const WIDTH = 360;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 36;
const SIDE = 8;

/** Money received per month as SVG bars (scales to the card's width), with the numbers in a table for screen readers. */
export function RevenueChart({ months }: { months: MonthRevenue[] }) {
  const max = Math.max(...months.map((month) => month.revenue), 1);
  const slot = (WIDTH - SIDE * 2) / Math.max(months.length, 1);
  const barWidth = slot * 0.6;
  const plotHeight = HEIGHT - TOP - BOTTOM;

  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={SIDE} x2={WIDTH - SIDE} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="currentColor" className="text-forest-200" />
        {months.map((month, index) => {
          // A month where refunds outweigh what came in draws no bar; its number says so.
          const height = Math.max(0, Math.round((month.revenue / max) * plotHeight));
          const x = SIDE + index * slot + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={month.month}>
              <rect x={x} y={y} width={barWidth} height={Math.max(height, month.revenue > 0 ? 2 : 0)} rx={4} className="fill-forest-700" />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" className="fill-ink text-[12px] font-semibold">
                {month.revenue !== 0 ? compact.format(month.revenue / 100) : '0'}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM + 18} textAnchor="middle" className="fill-ink-muted text-[12px]">
                {month.label.split(' ')[0]}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM + 32} textAnchor="middle" className="fill-ink-muted text-[10px]">
                {month.label.split(' ')[1]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-ink-muted">Wpłaty w zł według miesiąca, w którym wpłynęły, po odjęciu zwrotów.</figcaption>
      <table className="sr-only">
        <caption>Przychód w ostatnich 6 miesiącach</caption>
        <thead>
          <tr>
            <th scope="col">Miesiąc</th>
            <th scope="col">Przychód</th>
            <th scope="col">Złożone zamówienia</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{month.label}</th>
              <td>{formatPln(month.revenue)}</td>
              <td>{month.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
