/** After 'Przyjmij zamówienie': placed (and whether it is paid), or kept on the device until the connection is back. */
export function NewOrderDone({
  outcome,
  onClose,
  onNext,
}: {
  outcome: { kind: 'placed'; number: string; paid: boolean } | { kind: 'queued' };
  onClose: () => void;
  onNext: () => void;
}) {
  return (
    <div role="status" className="rounded-2xl bg-forest-50 p-4">
      {outcome.kind === 'placed' ? (
        <p className="font-semibold text-forest-900">
          Przyjęto zamówienie {outcome.number}
          {outcome.paid ? ' — opłacone.' : '.'}
        </p>
      ) : (
        <p className="font-semibold text-forest-900">
          Brak połączenia: zamówienie zapisano na tym urządzeniu i zostanie wysłane, gdy wróci internet.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary min-h-11" onClick={onClose}>
          Zamknij
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={onNext}>
          Kolejne zamówienie
        </button>
      </div>
    </div>
  );
}
