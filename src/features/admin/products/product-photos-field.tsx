import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { MAX_PRODUCT_PHOTOS } from '../../../domain/product-photo.ts';
import { ArrowRightIcon, Icon, type IconProps } from '../../../lib/icons/first-load.tsx';
import { PlusIcon, TrashIcon } from '../../../lib/icons/later.tsx';
import type { PhotoItem, ProductPhotosState } from '../photos/use-product-photos.ts';
import { CameraIcon, FilePickButton, photoSendLine } from '../photos/photo-pick.tsx';
import { usePointerReorder } from '../photos/use-pointer-reorder.ts';

/**
 * 'Zdjęcia' in the product form: add from the camera or the
 * gallery, see each photo being prepared and sent, put them in order (drag,
 * or the buttons for the keyboard and screen readers), choose the main one,
 * remove any.
 */

export const PHOTO_LIMIT_MESSAGE = `Możesz dodać najwyżej ${MAX_PRODUCT_PHOTOS} zdjęć`;

type Action = 'earlier' | 'later' | 'main' | 'remove';

function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </Icon>
  );
}

const actionButtonClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-forest-200 bg-white text-forest-800 hover:bg-forest-50 disabled:cursor-not-allowed disabled:opacity-40';

/** Each photo's buttons: what they say to a screen reader (with the photo's label) and show. */
const ACTION_BUTTONS: Record<Action, { name: string; icon: ReactNode }> = {
  earlier: { name: 'Przesuń wcześniej', icon: <ArrowRightIcon className="size-5 rotate-180" /> },
  later: { name: 'Przesuń dalej', icon: <ArrowRightIcon className="size-5" /> },
  main: { name: 'Ustaw jako główne', icon: <StarIcon className="size-5" /> },
  remove: { name: 'Usuń zdjęcie', icon: <TrashIcon className="size-5" /> },
};

export function ProductPhotosField({ photos, isNew }: { photos: ProductPhotosState; isNew: boolean }) {
  const baseId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [limitNotice, setLimitNotice] = useState(false);
  const [focusAfter, setFocusAfter] = useState<{ id: string; action: Action } | null>(null);
  const { items } = photos;
  const full = items.length >= MAX_PRODUCT_PHOTOS;

  const moveTo = (from: number, to: number, focus?: Action) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    photos.move(from, to);
    setAnnouncement(to === 0 ? `Zdjęcie jest teraz główne.` : `Zdjęcie przeniesione na miejsce ${to + 1} z ${items.length}.`);
    if (focus) setFocusAfter({ id: item.id, action: focus });
  };

  const drag = usePointerReorder(`[data-photo-list="${baseId}"] > li`, (from, to) => moveTo(from, to));

  // The moved photo keeps the focus, on the same button unless it is now disabled at an end of the list.
  useEffect(() => {
    if (!focusAfter) return;
    const item = document.querySelector(`[data-photo-list="${baseId}"] [data-photo-id="${focusAfter.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${focusAfter.action}"]`);
    const target = wanted && !wanted.disabled ? wanted : item?.querySelector<HTMLButtonElement>('button:not(:disabled)[data-action]');
    target?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFocusAfter(null);
  }, [focusAfter, baseId]);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const left = photos.add(files);
    setLimitNotice(left > 0);
    setAnnouncement(left > 0 ? PHOTO_LIMIT_MESSAGE : files.length === 1 ? 'Dodano zdjęcie.' : `Dodano zdjęcia: ${files.length - left}.`);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    photos.remove(item.id);
    setLimitNotice(false);
    setAnnouncement('Usunięto zdjęcie.');
    const next = items[index + 1] ?? items[index - 1];
    if (next) setFocusAfter({ id: next.id, action: 'remove' });
    else requestAnimationFrame(() => document.getElementById(`${baseId}-gallery`)?.focus());
  };

  return (
    <fieldset className="space-y-3 rounded-2xl border border-forest-100 bg-white p-3 sm:p-4" aria-describedby={`${baseId}-hint`}>
      <legend className="px-1 font-semibold text-forest-900">Zdjęcia</legend>
      <p id={`${baseId}-hint`} className="text-sm text-ink-muted">
        Do {MAX_PRODUCT_PHOTOS} zdjęć. Pierwsze jest główne: pokazujemy je na liście produktów. Kolejność zmienisz, przeciągając zdjęcie
        albo przyciskami strzałek.
        {isNew && ' Zdjęcia dołączymy do produktu, gdy go zapiszesz.'}
      </p>

      {items.length > 0 && (
        <ol data-photo-list={baseId} className="grid gap-2" aria-label="Zdjęcia produktu">
          {items.map((item, index) => (
            <PhotoRow
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              photos={photos}
              isNew={isNew}
              dragState={drag.dragging?.from === index ? 'dragged' : drag.dragging && drag.dragging.over === index ? 'target' : undefined}
              dragOffset={drag.dragging?.from === index ? { x: drag.dragging.dx, y: drag.dragging.dy } : undefined}
              handleProps={drag.handleProps(index)}
              onAction={(action) => {
                if (action === 'earlier') moveTo(index, index - 1, 'earlier');
                else if (action === 'later') moveTo(index, index + 1, 'later');
                else if (action === 'main') moveTo(index, 0, 'later');
                else remove(index);
              }}
            />
          ))}
        </ol>
      )}

      <div className="flex flex-wrap gap-3">
        <FilePickButton id={`${baseId}-camera`} disabled={full} capture onChange={onFiles} className="pointer-fine:hidden">
          <CameraIcon className="size-5" />
          Zrób zdjęcie
        </FilePickButton>
        <FilePickButton id={`${baseId}-gallery`} disabled={full} onChange={onFiles}>
          <PlusIcon className="size-5" />
          <span className="pointer-fine:hidden">Wybierz z galerii</span>
          <span className="pointer-coarse:hidden">Dodaj zdjęcia</span>
        </FilePickButton>
      </div>
      {(full || limitNotice) && <p className="text-sm font-medium text-ink">{PHOTO_LIMIT_MESSAGE}.</p>}

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

/** A real button-like label for a hidden file input: its own focus ring, 48 px tall, the input's name its text. */
function statusLine(item: PhotoItem, photos: ProductPhotosState, isNew: boolean): { text: string; progress?: number; tone?: 'error' } {
  if (item.preparing) return { text: 'Przygotowuję zdjęcie…' };
  if (item.unreadable) return { text: 'Nie udało się odczytać tego pliku jako zdjęcia. Wybierz inny plik.', tone: 'error' };
  if (item.source === 'server') return { text: 'Zapisane' };
  const status = photos.status(item.id);
  if (isNew && status?.phase === 'waiting' && status.progress >= 1) return { text: 'Wysłane – dołączymy je po zapisaniu produktu' };
  return photoSendLine(status);
}

function PhotoRow({
  item,
  index,
  count,
  photos,
  isNew,
  dragState,
  dragOffset,
  handleProps,
  onAction,
}: {
  item: PhotoItem;
  index: number;
  count: number;
  photos: ProductPhotosState;
  isNew: boolean;
  dragState?: 'dragged' | 'target';
  dragOffset?: { x: number; y: number };
  handleProps: ReturnType<ReturnType<typeof usePointerReorder>['handleProps']>;
  onAction: (action: Action) => void;
}) {
  const label = `zdjęcie ${index + 1}`;
  const line = statusLine(item, photos, isNew);
  const failed = photos.status(item.id)?.phase === 'failed';
  return (
    <li
      data-photo-id={item.id}
      className={`flex gap-3 rounded-xl border bg-cream p-2 ${dragState === 'target' ? 'border-forest-700 ring-2 ring-forest-700' : 'border-forest-100'} ${dragState === 'dragged' ? 'relative z-10 shadow-lg' : ''}`}
      style={dragOffset ? { transform: `translate(${dragOffset.x}px, ${dragOffset.y}px)` } : undefined}
    >
      <div
        {...handleProps}
        className="relative size-20 shrink-0 cursor-grab touch-none overflow-hidden rounded-lg bg-forest-50 select-none active:cursor-grabbing"
      >
        {item.previewUrl ? (
          <img
            src={item.previewUrl}
            alt={`Zdjęcie ${index + 1} z ${count}`}
            width={80}
            height={80}
            draggable={false}
            crossOrigin={item.source === 'server' ? 'anonymous' : undefined}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center" aria-hidden="true">
            <span className="size-8 animate-spin rounded-full border-4 border-forest-100 border-t-forest-700" />
          </span>
        )}
        {index === 0 && (
          <span className="absolute top-1 left-1 rounded-full bg-forest-800 px-2 py-0.5 text-xs font-semibold text-white">Główne</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
        <div>
          <p className={`text-sm ${line.tone === 'error' ? 'font-medium text-blush-700' : 'text-ink'}`}>{line.text}</p>
          {line.progress !== undefined && (
            <progress
              className="mt-1 h-2 w-full overflow-hidden rounded-full accent-forest-700"
              max={100}
              value={Math.round(line.progress * 100)}
              aria-label={`Wysyłanie: ${label}`}
            />
          )}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {(['earlier', 'later', 'main', 'remove'] as const).map((action) => {
            if (action === 'main' && index === 0) return null;
            const { name, icon } = ACTION_BUTTONS[action];
            return (
              <button
                key={action}
                type="button"
                data-action={action}
                className={
                  action === 'remove' ? `${actionButtonClass} border-blush-200 text-blush-700 hover:bg-blush-50` : actionButtonClass
                }
                disabled={(action === 'earlier' && index === 0) || (action === 'later' && index === count - 1)}
                aria-label={`${name}: ${label}`}
                title={name}
                onClick={() => onAction(action)}
              >
                {icon}
              </button>
            );
          })}
          {failed && (
            <button
              type="button"
              className="min-h-11 rounded-full px-3 text-sm font-semibold text-forest-800 underline"
              onClick={() => photos.retry(item.id)}
            >
              Spróbuj ponownie
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
