import { useOnline } from '../../../lib/use-online.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { describeQueuedChange } from '../orders/use-status-change-queue.ts';

/** Changes waiting for a connection (status, fulfilment state), and those the server refused: never silently lost. */
export function SyncNotices() {
  const { pendingChanges, refused, dismissRefused } = useAdminData();
  const online = useOnline();
  return (
    <>
      <div role="status" aria-live="polite">
        {pendingChanges.length > 0 && (
          <div className="mb-4 rounded-2xl bg-cream-200 p-4 text-sm text-ink">
            <p className="font-semibold">
              {online ? 'Wysyłamy zmiany…' : 'Zmiany czekają na połączenie i zostaną wysłane, gdy wrócisz online:'}
            </p>
            <ul className="mt-1 list-disc pl-5">
              {pendingChanges.map((change) => (
                <li key={`${change.orderId}-${change.field}-${change.queuedAt}`}>{describeQueuedChange(change)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {refused.length > 0 && (
        <div role="alert" className="mb-4 rounded-2xl bg-blush-50 p-4 text-sm">
          <ul className="space-y-1 font-medium text-blush-700">
            {refused.map((item) => (
              <li key={`${item.change.orderId}-${item.change.queuedAt}`}>{item.reason}</li>
            ))}
          </ul>
          <button type="button" className="btn-secondary mt-3 min-h-10 py-2" onClick={dismissRefused}>
            Rozumiem
          </button>
        </div>
      )}
    </>
  );
}
