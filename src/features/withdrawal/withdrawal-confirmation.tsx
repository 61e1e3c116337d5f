import { useEffect, useRef } from 'react';
import { formatDateTimeLong } from '../../domain/polish-date.ts';
import { withdrawalLineKey, type WithdrawalReceipt } from '../../domain/withdrawal-request.ts';

// The shop's clock, as the mail says it: the 14 days are counted in Warsaw.

/** The request as stored: its number and time, what was accepted and what was refused (why); the mail repeats it. */
export function WithdrawalConfirmation({ receipt, email }: { receipt: WithdrawalReceipt; email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page changed under the visitor's focus: move it to what happened.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="withdrawal-done" className="mt-8 max-w-2xl space-y-6">
      <div role="status" className="rounded-2xl border border-forest-200 bg-forest-50 p-5">
        <h2 id="withdrawal-done" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-forest-900">
          Otrzymaliśmy Twoje odstąpienie od umowy
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">Numer zgłoszenia</dt>
          <dd className="font-semibold">{receipt.requestNumber}</dd>
          <dt className="text-ink-muted">Zamówienie</dt>
          <dd>{receipt.orderNumber}</dd>
          <dt className="text-ink-muted">Złożone</dt>
          <dd>
            <time dateTime={receipt.createdAt}>{formatDateTimeLong(receipt.createdAt)}</time>
          </dd>
        </dl>
        <p className="mt-3">
          Potwierdzenie wysłaliśmy na adres <strong className="break-all">{email}</strong>.
        </p>
      </div>

      <div>
        <h3 className="text-lg font-semibold text-forest-900">Przyjęte do zwrotu</h3>
        <ul className="mt-2 space-y-1">
          {receipt.accepted.map((line) => (
            <li key={withdrawalLineKey(line)}>
              {line.name} – {line.quantity} szt.
            </li>
          ))}
        </ul>
      </div>

      {receipt.refused.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold text-forest-900">Nieprzyjęte</h3>
          <ul className="mt-2 space-y-2">
            {receipt.refused.map((line) => (
              <li key={`${withdrawalLineKey(line)}-${line.reason}`}>
                <span className="font-medium">
                  {line.name} – {line.quantity} szt.
                </span>
                <span className="block text-sm text-ink-muted">{line.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="text-sm text-ink-muted">{receipt.periodNote}</p>
      <div>
        <h3 className="text-lg font-semibold text-forest-900">Co dalej</h3>
        <p className="mt-2">
          Odeślij lub przynieś przyjęte produkty w ciągu 14 dni. Zwrócimy płatność za nie tą samą drogą w ciągu 14 dni od otrzymania
          oświadczenia; możemy wstrzymać zwrot do czasu otrzymania produktów.
        </p>
      </div>
    </section>
  );
}
