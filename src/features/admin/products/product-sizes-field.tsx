import { useState } from 'react';
import type { ProductRow } from '../../../domain/product.ts';
import { sizesOf } from '../../../domain/product-sizes.ts';
import {
  MAX_PRODUCT_SIZES,
  MAX_SIZE_LABEL_LENGTH,
  newSizeDraft,
  parseSizeDrafts,
  sizeDraftOf,
  type SizeDraft,
  type SizeDraftErrors,
  type SizeDraftField,
  type SizeRowInput,
} from '../../../domain/product-size-draft.ts';
import type { PhotoItem } from '../photos/use-product-photos.ts';
import { SizePhotoChoice } from './size-photo-choice.tsx';

/** The sizes being edited, and the rows to save (null while a field is wrong: the errors then show). */
export interface SizeDrafts {
  drafts: SizeDraft[];
  errors: SizeDraftErrors;
  setDrafts: (change: (drafts: SizeDraft[]) => SizeDraft[]) => void;
  /** The rows to save, or null after showing what to correct; a size keeps its photo only if it is among `photoIds`. */
  validated: (photoIds?: readonly string[]) => SizeRowInput[] | null;
}

export function useSizeDrafts(product: ProductRow | null): SizeDrafts {
  const [drafts, setDrafts] = useState<SizeDraft[]>(() => (product ? sizesOf(product).map(sizeDraftOf) : []));
  const [errors, setErrors] = useState<SizeDraftErrors>({});
  return {
    drafts,
    errors,
    setDrafts: (change) => {
      setDrafts(change);
      setErrors({});
    },
    validated: (photoIds) => {
      const parsed = parseSizeDrafts(drafts, photoIds);
      setErrors(parsed.errors);
      return Object.keys(parsed.errors).length === 0 ? parsed.rows : null;
    },
  };
}

const INPUT = 'mt-1 w-full rounded-xl border border-forest-200 bg-white px-3 py-2 aria-invalid:border-blush-700';

/**
 * 'Rozmiary' in the product form: each size with its name, price, stock (or 'na zamówienie'), its own promotion
 * with its Warsaw dates (the product's rules) and optionally one of the product's photos.
 * Without sizes the product is sold as one, at the form's price. A product in sizes is sold only in one of them.
 */
export function ProductSizesField({ sizes, photos = [] }: { sizes: SizeDrafts; photos?: readonly PhotoItem[] }) {
  const { drafts, errors, setDrafts } = sizes;
  const change = (id: string, patch: Partial<SizeDraft>) =>
    setDrafts((all) => all.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)));
  const field = (
    draft: SizeDraft,
    name: SizeDraftField,
    label: string,
    extra: { inputMode: 'decimal' | 'numeric' | 'text'; maxLength?: number; type?: 'date' },
  ) => {
    const id = `size-${draft.id}-${name}`;
    const error = errors[`${draft.id}:${name}`];
    return (
      <label htmlFor={id} className="block text-sm font-medium text-forest-900">
        {label}
        <input
          id={id}
          type={extra.type ?? 'text'}
          className={INPUT}
          value={draft[name]}
          inputMode={extra.inputMode}
          maxLength={extra.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => change(draft.id, { [name]: event.target.value })}
        />
        {error ? (
          <span id={`${id}-error`} className="mt-1 block text-sm text-blush-700">
            {error}
          </span>
        ) : null}
      </label>
    );
  };
  return (
    <fieldset className="space-y-4 rounded-2xl border border-forest-100 bg-white p-4 sm:p-5" data-testid="product-sizes">
      <legend className="px-1 text-lg font-semibold text-forest-900">Rozmiary</legend>
      <p className="text-sm text-ink-muted">
        Np. „Mały / Średni / Duży” albo „15 / 25 / 35 róż”. Każdy rozmiar ma własną cenę, promocję i stan magazynowy; przy trzech sklep
        zaznacza środkowy. Bez rozmiarów produkt jest sprzedawany w cenie podanej wyżej. Promocja rozmiaru obowiązuje od początku dnia „Od”
        do końca dnia „Do” (puste „Od” — od zapisania, puste „Do” — do odwołania).
      </p>
      {drafts.map((draft, index) => (
        <div
          key={draft.id}
          role="group"
          aria-label={`Rozmiar ${index + 1}`}
          className="grid gap-3 border-t border-forest-100 pt-3 sm:grid-cols-4"
        >
          {field(draft, 'label', 'Nazwa rozmiaru', { inputMode: 'text', maxLength: MAX_SIZE_LABEL_LENGTH })}
          {field(draft, 'price', 'Cena (zł)', { inputMode: 'decimal' })}
          {field(draft, 'stock', 'Stan (szt.)', { inputMode: 'numeric' })}
          <span className="hidden sm:block" />
          {field(draft, 'promoPrice', 'Cena promocyjna (zł)', { inputMode: 'decimal' })}
          {field(draft, 'promoFrom', 'Promocja od', { inputMode: 'text', type: 'date' })}
          {field(draft, 'promoTo', 'Promocja do', { inputMode: 'text', type: 'date' })}
          <span className="hidden sm:block" />
          <SizePhotoChoice
            name={`size-${draft.id}-photo`}
            sizeLabel={draft.label.trim() || String(index + 1)}
            photos={photos}
            chosen={draft.photoId}
            onChoose={(photoId) => change(draft.id, { photoId })}
          />
          <label className="flex items-center gap-2 text-sm font-medium text-forest-900 sm:col-span-2">
            <input
              type="checkbox"
              className="size-5 accent-forest-700"
              checked={draft.madeToOrder}
              onChange={(event) => change(draft.id, { madeToOrder: event.target.checked })}
            />
            Na zamówienie
          </label>
          <button
            type="button"
            className="btn-secondary sm:col-span-2 sm:justify-self-end"
            onClick={() => setDrafts((all) => all.filter((other) => other.id !== draft.id))}
          >
            Usuń rozmiar {draft.label.trim() || index + 1}
          </button>
        </div>
      ))}
      {drafts.length < MAX_PRODUCT_SIZES ? (
        <button type="button" className="btn-secondary" onClick={() => setDrafts((all) => [...all, newSizeDraft(crypto.randomUUID())])}>
          Dodaj rozmiar
        </button>
      ) : null}
    </fieldset>
  );
}
