import type { ReactNode } from 'react';
import { orderStatusLabel } from '../../domain/order-status.ts';
import { formatDateTimeLong } from '../../domain/polish-date.ts';
import { PageHeading } from '../../lib/page-heading.tsx';

/** Small pieces the admin sections share. */

export { formatDateTimeMedium as formatDateTime } from '../../domain/polish-date.ts';

const ORDER_STATUS_TONE: Record<string, string> = {
  pending: 'bg-cream-200 text-ink',
  processing: 'bg-forest-50 text-forest-800',
  completed: 'bg-forest-700 text-white',
  cancelled: 'bg-blush-100 text-blush-700',
};

export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ${tone ?? ORDER_STATUS_TONE[status] ?? 'bg-cream-200 text-ink'}`}
    >
      {label ?? orderStatusLabel(status)}
    </span>
  );
}

export function PageTitle({ children, eyebrow, after }: { children: ReactNode; eyebrow?: string; after?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-blush-700 uppercase">{eyebrow}</p>}
        <PageHeading size="compact">{children}</PageHeading>
      </div>
      {after}
    </div>
  );
}

/** docs/spec.md §8: the section's message with 'Spróbuj ponownie'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl bg-blush-50 p-4">
      <p className="font-medium text-blush-700">{message}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        Spróbuj ponownie
      </button>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="mt-6 text-ink-muted">
      {label}
    </p>
  );
}

/** Data from this device's copy (offline or the server failed), with when it was loaded. */
export function SavedDataNotice({ savedAt, onRetry }: { savedAt: string; onRetry: () => void }) {
  return (
    <div role="status" className="mt-4 rounded-2xl bg-cream-200 p-4 text-sm text-ink">
      <p>
        Brak połączenia z serwerem. Pokazujemy dane zapisane na tym urządzeniu{' '}
        <time dateTime={savedAt} className="font-semibold">
          {formatDateTimeLong(savedAt)}
        </time>
        .
      </p>
      <button type="button" className="btn-secondary mt-3 min-h-10 py-2" onClick={onRetry}>
        Spróbuj ponownie
      </button>
    </div>
  );
}

/** A mailto/tel link the owner taps on a phone: 44 px tall, however short its text (WCAG 2.5.8). */
export const contactLinkClass = 'inline-flex min-h-11 items-center break-all text-forest-800 underline';

export const selectClass =
  'block w-full rounded-xl border border-forest-200 bg-white px-3 py-2.5 text-base text-ink focus:border-forest-700';
