import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { AdminOrder } from '../orders/order.ts';
import { recordPhotoSkip } from './order-photos-api.ts';
import { TakePhotoButton } from './order-photos-panel.tsx';
import { useOrderPhotos } from './use-order-photos.ts';

export const SKIP_REASON_MIN = 3;
export const SKIP_REASON_MAX = 500;

/**
 * Asked before 'Dostarczone' of an order whose customer paid for 'Zdjęcie po
 * dostawie': take the photo (it is queued, so a grave without signal does not
 * stop the round), or skip it with a reason, which is kept with the order.
 * An after-delivery photo already taken lets the change go on at once.
 */
export function DeliveryPhotoDialog({
  order,
  onDelivered,
  onCancel,
}: {
  order: AdminOrder;
  onDelivered: () => void;
  onCancel: () => void;
}) {
  const photos = useOrderPhotos(order.id, { withServer: true });
  const [skipping, setSkipping] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reasonId = useId();
  const problemId = useId();
  const taken =
    (photos.server.state === 'loaded' && photos.server.photos.some((photo) => photo.kind === 'after_delivery')) ||
    photos.device.some((photo) => photo.kind === 'after_delivery');

  const onFile = async (file: File) => {
    if (await photos.take(file, 'after_delivery')) onDelivered();
  };

  const skip = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < SKIP_REASON_MIN) {
      setProblem('Podaj powód, dla którego nie ma zdjęcia (co najmniej 3 znaki).');
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await recordPhotoSkip(order.id, reason);
      onDelivered();
    } catch {
      setProblem('Nie udało się zapisać powodu. Sprawdź połączenie i spróbuj ponownie.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onCancel} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-forest-900/40" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-cream p-6 shadow-xl">
          <DialogTitle className="text-xl font-semibold text-forest-900">Zdjęcie po dostawie – zamówienie {order.number}</DialogTitle>
          <Description className="mt-3 text-ink">
            {taken
              ? 'Zdjęcie po dostawie jest już dodane. Klient dostanie je w wiadomości.'
              : 'Klient zamówił zdjęcie po dostawie. Zrób je, zanim oznaczysz zamówienie jako dostarczone – wyślemy je klientowi.'}
          </Description>

          <div className="mt-5 flex flex-col gap-3">
            {taken ? (
              <button type="button" className="btn-primary min-h-11" onClick={onDelivered}>
                Oznacz jako dostarczone
              </button>
            ) : (
              <TakePhotoButton orderNumber={order.number} disabled={photos.preparing} onFile={(file) => void onFile(file)} />
            )}
            {photos.error && (
              <p role="alert" className="text-sm font-medium text-blush-700">
                {photos.error}
              </p>
            )}
            {!taken && !skipping && (
              <button type="button" className="btn-secondary min-h-11" onClick={() => setSkipping(true)}>
                Pomiń zdjęcie
              </button>
            )}
          </div>

          {!taken && skipping && (
            <form className="mt-5" onSubmit={(event) => void skip(event)} noValidate>
              <label htmlFor={reasonId} className="block text-sm font-medium text-forest-900">
                Powód pominięcia zdjęcia
              </label>
              <textarea
                id={reasonId}
                className="mt-1 w-full rounded-xl border border-forest-200 bg-white p-3 text-ink"
                rows={3}
                maxLength={SKIP_REASON_MAX}
                required
                aria-invalid={problem !== null}
                aria-describedby={problem ? problemId : undefined}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                autoFocus
              />
              {problem && (
                <p id={problemId} role="alert" className="mt-1 text-sm font-medium text-blush-700">
                  {problem}
                </p>
              )}
              <button type="submit" className="btn-primary mt-3 min-h-11 w-full" disabled={saving}>
                {saving ? 'Zapisywanie…' : 'Pomiń i oznacz jako dostarczone'}
              </button>
            </form>
          )}

          <button type="button" className="btn-secondary mt-5 min-h-11 w-full" onClick={onCancel}>
            Nie zmieniaj
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
