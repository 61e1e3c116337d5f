import type { PhotoItem } from '../photos/use-product-photos.ts';

export interface SizePhotoChoiceProps {
  /** Names the radio group; unique per size. */
  name: string;
  sizeLabel: string;
  photos: readonly PhotoItem[];
  /** The chosen photo's id; null (or a photo no longer among the product's): the product's own first photo. */
  chosen: string | null;
  onChoose: (photoId: string | null) => void;
}

const OPTION =
  'relative flex size-16 shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-lg border-2 border-forest-100 bg-forest-50 text-center text-xs font-medium text-forest-900 has-checked:border-forest-700 has-checked:ring-2 has-checked:ring-forest-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-forest-700';

/**
 * 'Zdjęcie rozmiaru': one of the product's photos, shown first on the product page when the size is chosen.
 * Native radio buttons in a fieldset, so arrow keys move between the photos and a screen reader hears which is which.
 */
export function SizePhotoChoice({ name, sizeLabel, photos, chosen, onChoose }: SizePhotoChoiceProps) {
  if (photos.length === 0) return null;
  const current = photos.some((photo) => photo.id === chosen) ? chosen : null;
  return (
    <fieldset className="sm:col-span-4">
      <legend className="text-sm font-medium text-forest-900">Zdjęcie rozmiaru {sizeLabel}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        <label className={OPTION}>
          <input type="radio" name={name} className="sr-only" checked={current === null} onChange={() => onChoose(null)} />
          Główne zdjęcie
        </label>
        {photos.map((photo, index) => (
          <label key={photo.id} className={OPTION}>
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={current === photo.id}
              aria-label={`Zdjęcie ${index + 1} z ${photos.length}`}
              onChange={() => onChoose(photo.id)}
            />
            {photo.previewUrl ? (
              <img
                src={photo.previewUrl}
                alt=""
                width={64}
                height={64}
                crossOrigin={photo.source === 'server' ? 'anonymous' : undefined}
                className="size-full object-cover"
              />
            ) : (
              <span aria-hidden="true">{index + 1}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
