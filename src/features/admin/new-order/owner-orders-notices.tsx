import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OwnerOrderRecord } from '../../../lib/db.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import { loadDraft, saveDraft } from './new-order-draft.ts';
import { draftHasContent, draftSummary, emptyDraft, type NewOrderDraft } from './new-order-model.ts';
import { keepSendingOwnerOrders } from './new-order-outbox.ts';

const summaryOf = (record: OwnerOrderRecord) => draftSummary((record.draft ?? {}) as Partial<NewOrderDraft>);

/**
 * The orders the owner entered without a connection, on every back-office
 * page: sent as soon as the device is online (whichever page is open), the
 * waiting ones listed, a sent one said once, and one the server refused kept
 * with its reason until she corrects it in the form or removes it.
 */
export function OwnerOrdersNotices() {
  const { reload } = useAdminData();
  const navigate = useNavigate();
  // A device without IndexedDB (private mode) cannot have queued anything.
  const records = useLiveQuery(() => db.ownerOrders.toArray().catch(() => []), []);
  const [sentNumbers, setSentNumbers] = useState<string[]>([]);
  const [blocked, setBlocked] = useState<string | null>(null);

  useEffect(() => keepSendingOwnerOrders(), []);

  const sent = (records ?? []).filter((record) => record.status === 'sent');
  const sentKeys = sent.map((record) => record.key).join(' ');
  useEffect(() => {
    if (sent.length === 0) return;
    // Said once here, then gone from the device: the order is now in the list like any other.
    void db.ownerOrders.bulkDelete(sent.map((record) => record.key)).then(() => {
      setSentNumbers((previous) => [...previous, ...sent.map((record) => record.orderNumber ?? '')]);
      reload();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the sent records, not the array's identity
  }, [sentKeys]);

  const waiting = (records ?? []).filter((record) => record.status === 'queued' || record.status === 'sending');
  const refused = (records ?? []).filter((record) => record.status === 'failed');

  const correct = async (record: OwnerOrderRecord) => {
    if (draftHasContent(loadDraft(emptyDraft()))) {
      setBlocked(record.key);
      return;
    }
    // A new request id: the refused one is settled on the server, the corrected order is a new request.
    saveDraft({ ...emptyDraft(), ...(record.draft as Partial<NewOrderDraft>), clientRequestId: crypto.randomUUID() });
    await db.ownerOrders.delete(record.key);
    void navigate({ to: '/admin/orders', search: { nowe: 'tak' } });
  };

  return (
    <>
      <div role="status" aria-live="polite">
        {waiting.length > 0 && (
          <div className="mb-4 rounded-2xl bg-cream-200 p-4 text-sm text-ink">
            <p className="font-semibold">Zamówienia wpisane bez połączenia czekają na wysłanie:</p>
            <ul className="mt-1 list-disc pl-5">
              {waiting.map((record) => (
                <li key={record.key}>{summaryOf(record)}</li>
              ))}
            </ul>
          </div>
        )}
        {sentNumbers.length > 0 && (
          <p className="mb-4 rounded-2xl bg-forest-50 p-4 text-sm font-semibold text-forest-900">
            {sentNumbers.length === 1
              ? `Wysłano zamówienie ${sentNumbers[0]} wpisane bez połączenia.`
              : `Wysłano zamówienia wpisane bez połączenia: ${sentNumbers.join(', ')}.`}
          </p>
        )}
      </div>
      {refused.map((record) => (
        <div key={record.key} role="alert" className="mb-4 rounded-2xl bg-blush-50 p-4 text-sm">
          <p className="font-medium text-blush-700">
            Nie przyjęto zamówienia wpisanego bez połączenia ({summaryOf(record)}): {record.lastError}
          </p>
          {blocked === record.key && (
            <p className="mt-2 text-ink">Masz w formularzu rozpoczęte inne zamówienie: najpierw je przyjmij, a potem popraw to.</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {record.draft !== undefined && (
              <button type="button" className="btn-primary min-h-10 py-2" onClick={() => void correct(record)}>
                Popraw w formularzu
              </button>
            )}
            <button type="button" className="btn-secondary min-h-10 py-2" onClick={() => void db.ownerOrders.delete(record.key)}>
              Usuń
            </button>
          </div>
        </div>
      ))}
    </>
  );
}
