import { useId, type ChangeEvent } from 'react';
import { ORDER_PHOTO_KIND_LABELS, orderPhotoAlt, type OrderPhotoKind } from '../../../domain/order-photo.ts';
import { formatDateTime } from '../admin-ui.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { CameraIcon, FilePickButton, photoSendLine } from '../photos/photo-pick.tsx';
import { useOrderPhotos, type DevicePhoto } from './use-order-photos.ts';

/** Taken on the way or at the door counts as after delivery; anything earlier is the bouquet before it leaves. */
export function defaultPhotoKind(order: AdminOrder): OrderPhotoKind {
  const state = order.florist.fulfilmentState;
  return state === 'out-for-delivery' || state === 'delivered' ? 'after_delivery' : 'before_dispatch';
}

/** The camera button: one photo, the back camera on a phone, a file picker with a mouse. */
export function TakePhotoButton({
  orderNumber,
  disabled,
  onFile,
}: {
  orderNumber: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be picked again after a failure.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <FilePickButton id={id} disabled={disabled} capture onChange={onChange} className="min-h-11">
      <CameraIcon className="size-5" />
      {disabled ? 'Przygotowuję zdjęcie…' : 'Zrób zdjęcie'}
      <span className="sr-only"> do zamówienia {orderNumber}</span>
    </FilePickButton>
  );
}

/**
 * An order's photos in the order detail (thumbnails of those on the server,
 * those on their way with progress) and, compact, on the day view's card
 * (only what this device is sending). 'Zrób zdjęcie' adds one of the kind
 * the order's state suggests.
 */
export function OrderPhotosPanel({ order, compact = false }: { order: AdminOrder; compact?: boolean }) {
  const photos = useOrderPhotos(order.id, { withServer: !compact });
  const headingId = useId();
  const kind = defaultPhotoKind(order);
  const serverPhotos = photos.server.state === 'loaded' ? photos.server.photos : [];

  return (
    <section aria-labelledby={headingId} className={compact ? '' : 'rounded-2xl bg-white p-4'}>
      <h3 id={headingId} className={compact ? 'sr-only' : 'text-base font-semibold text-forest-900'}>
        Zdjęcia zamówienia {order.number}
      </h3>
      {!compact && photos.server.state === 'error' && (
        <p className="mt-2 text-sm text-blush-700">Nie udało się wczytać zdjęć. Sprawdź połączenie.</p>
      )}
      {(serverPhotos.length > 0 || photos.device.length > 0) && (
        <ul className={`flex flex-wrap gap-3 ${compact ? 'mb-2' : 'mt-3'}`}>
          {serverPhotos.map((photo) => (
            <li key={photo.id} className="w-28">
              {photo.thumbnailUrl ? (
                <img
                  src={photo.thumbnailUrl}
                  alt={orderPhotoAlt(order.number, photo.kind)}
                  className="aspect-square w-28 rounded-lg object-cover"
                  width={112}
                  height={112}
                />
              ) : (
                <div className="flex aspect-square w-28 items-center justify-center rounded-lg bg-cream-200 text-xs">Brak podglądu</div>
              )}
              <p className="mt-1 text-xs text-ink">
                {ORDER_PHOTO_KIND_LABELS[photo.kind]} · {formatDateTime(photo.takenAt)}
              </p>
            </li>
          ))}
          {photos.device.map((photo) => (
            <DevicePhotoItem key={photo.id} photo={photo} orderNumber={order.number} photos={photos} />
          ))}
        </ul>
      )}
      <div className={`flex flex-wrap items-center gap-3 ${compact ? '' : 'mt-3'}`}>
        <TakePhotoButton orderNumber={order.number} disabled={photos.preparing} onFile={(file) => void photos.take(file, kind)} />
        <p className="text-sm text-ink-muted">Zapisze się jako „{ORDER_PHOTO_KIND_LABELS[kind]}”.</p>
      </div>
      {photos.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-blush-700">
          {photos.error}
        </p>
      )}
    </section>
  );
}

function DevicePhotoItem({
  photo,
  orderNumber,
  photos,
}: {
  photo: DevicePhoto;
  orderNumber: string;
  photos: ReturnType<typeof useOrderPhotos>;
}) {
  const status = photos.status(photo.id);
  const line = photoSendLine(status);
  return (
    <li className="w-28">
      <img
        src={photo.previewUrl}
        alt={orderPhotoAlt(orderNumber, photo.kind)}
        className="aspect-square w-28 rounded-lg object-cover"
        width={112}
        height={112}
      />
      <p role="status" className={`mt-1 text-xs ${line.tone === 'error' ? 'font-medium text-blush-700' : 'text-ink'}`}>
        {line.text}
      </p>
      {line.progress !== undefined && (
        <progress
          className="mt-1 h-2 w-full overflow-hidden rounded-full accent-forest-700"
          max={100}
          value={Math.round(line.progress * 100)}
          aria-label={`Wysyłanie zdjęcia zamówienia ${orderNumber}`}
        />
      )}
      {status?.phase === 'failed' && (
        <button type="button" className="btn-secondary mt-1 min-h-11 px-3 py-1 text-xs" onClick={() => photos.retry(photo.id)}>
          Spróbuj ponownie
        </button>
      )}
    </li>
  );
}
