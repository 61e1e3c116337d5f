import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { CATEGORIES } from '../../../domain/categories.ts';
import type { ProductRow } from '../../../domain/product.ts';
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_LIMITS,
  productFormSchemaFor,
  productFormValues,
  toProductInput,
  type ProductFormValues,
  type ProductInput,
} from '../../../domain/product-schema.ts';
import { SelectField, TextAreaField, TextInputField } from '../../../lib/form-field.tsx';
import { CloseIcon } from '../../../lib/icons/first-load.tsx';
import { PRODUCT_SAVE_ERROR } from './products-api.ts';
import { ProductPhotosField } from './product-photos-field.tsx';
import { useProductPhotos, type PhotoChanges, type ProductPhotosState } from '../photos/use-product-photos.ts';
import { ProductSafetyFields, type RenderSafetyField } from './product-safety-fields.tsx';
import { PromotionFields, type RenderPromotionField } from './promotion-fields.tsx';
import { VatRateField } from './vat-rate-field.tsx';
import { WithdrawalRuleField } from './withdrawal-rule-field.tsx';
import { ProductSizesField, useSizeDrafts } from './product-sizes-field.tsx';
import type { SizeRowInput } from '../../../domain/product-size-draft.ts';
import { schemaValidation } from '../../../lib/schema-validation.ts';

export interface ProductFormDialogProps {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: ProductRow | null;
  onClose: () => void;
  /** `photos.productId` is the new product's id, chosen here so its photos can be sent before it is saved. */
  onSave: (input: ProductInput, photos: PhotoSave, sizes: SizeRowInput[]) => Promise<void>;
}

export interface PhotoSave extends PhotoChanges {
  productId: string;
}

/** The add/edit modal (docs/spec.md §5 Product form). Mounted fresh for each opening, so it starts from the right values. */
export function ProductFormDialog({ open, product, onClose, onSave }: ProductFormDialogProps) {
  const [productId] = useState(() => product?.id ?? crypto.randomUUID());
  const photos = useProductPhotos(productId, product);
  const close = () => {
    photos.cancel(product === null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-forest-900/40" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-2 sm:items-center sm:p-4">
        <DialogPanel className="max-h-[calc(100dvh-1rem)] w-full max-w-2xl overflow-y-auto rounded-2xl bg-cream p-5 shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-xl font-semibold text-forest-900">{product ? 'Edytuj produkt' : 'Dodaj produkt'}</DialogTitle>
            <button type="button" onClick={close} className="-m-2 rounded-full p-2 text-ink-muted hover:bg-forest-50" aria-label="Zamknij">
              <CloseIcon />
            </button>
          </div>
          <ProductForm product={product} photos={photos} onCancel={close} onSave={onSave} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function ProductForm({
  product,
  photos,
  onCancel,
  onSave,
}: Omit<ProductFormDialogProps, 'open' | 'onClose'> & { photos: ProductPhotosState; onCancel: () => void }) {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const fieldId = (name: keyof ProductFormValues) => `${baseId}-${name}`;
  const sizes = useSizeDrafts(product);
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const form = useForm({
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT_FORM,
    ...schemaValidation(productFormSchemaFor(photos.items.length > 0)),
    onSubmit: async ({ value }) => {
      setSaveError(null);
      try {
        const schema = productFormSchemaFor(photos.items.length > 0);
        const sizeRows = sizes.validated(photos.items.map((item) => item.id));
        if (!sizeRows) {
          focusFirstError();
          return;
        }
        await onSave(toProductInput(v.parse(schema, value)), { productId: photos.productId, ...photos.changes() }, sizeRows);
      } catch {
        setSaveError(PRODUCT_SAVE_ERROR);
      }
    },
    onSubmitInvalid: focusFirstError,
  });

  const checkbox = (name: 'isFeatured' | 'madeToOrder' | 'isAddon', label: string) => (
    <form.Field name={name}>
      {(field) => (
        <label className="flex min-h-12 items-center gap-3 font-medium text-forest-900">
          <input
            type="checkbox"
            name={name}
            className="size-5 shrink-0 accent-forest-700"
            checked={field.state.value}
            onChange={(event) => field.handleChange(event.target.checked)}
          />
          {label}
        </label>
      )}
    </form.Field>
  );

  const safetyField: RenderSafetyField = (name, render) => <form.Field name={name}>{(field) => render(field)}</form.Field>;
  const promotionField: RenderPromotionField = (name, render) => <form.Field name={name}>{(field) => render(field)}</form.Field>;

  const textInput = (name: 'name' | 'price' | 'stock' | 'imageUrl', label: string, extra: InputHTMLAttributes<HTMLInputElement>) => (
    <form.Field name={name}>
      {(field) => (
        <TextInputField field={field} id={fieldId(name)} label={<Required>{label}</Required>} name={name} aria-required="true" {...extra} />
      )}
    </form.Field>
  );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={product ? 'Edycja produktu' : 'Nowy produkt'}
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {textInput('name', 'Nazwa', { type: 'text', maxLength: PRODUCT_LIMITS.name, autoComplete: 'off' })}

      <form.Field name="category">
        {(field) => (
          <SelectField field={field} id={fieldId('category')} label={<Required>Kategoria</Required>} name="category" aria-required="true">
            {CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </SelectField>
        )}
      </form.Field>

      <form.Field name="description">
        {(field) => (
          <TextAreaField
            field={field}
            id={fieldId('description')}
            label={<Required>Opis</Required>}
            name="description"
            aria-required="true"
            rows={4}
            maxLength={PRODUCT_LIMITS.description}
          />
        )}
      </form.Field>

      <div className="grid gap-4 sm:grid-cols-2">
        {textInput('price', 'Cena (zł)', { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, placeholder: '0.00' })}
        {textInput('stock', 'Stan magazynowy (szt.)', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
      </div>

      <ProductPhotosField photos={photos} isNew={product === null} />

      {textInput('imageUrl', 'Adres URL obrazka', {
        type: 'url',
        inputMode: 'url',
        placeholder: 'https://… lub /products/nazwa.svg',
        maxLength: PRODUCT_LIMITS.imageUrl,
      })}

      <PromotionFields renderField={promotionField} idFor={fieldId} />
      <ProductSizesField sizes={sizes} photos={photos.items} />

      {checkbox('madeToOrder', 'Na zamówienie (stan magazynowy nie jest liczony, np. bukiety i wieńce)')}
      {checkbox('isFeatured', 'Produkt polecany (na stronie głównej)')}
      {checkbox('isAddon', 'Dodatek do bukietu (czekoladki, wazon, balon…)')}

      <form.Subscribe selector={(state) => state.values.category}>
        {(category) => (
          <>
            <form.Field name="withdrawalRule">
              {(field) => <WithdrawalRuleField field={field} id={fieldId('withdrawalRule')} category={category} />}
            </form.Field>
            <form.Field name="vatRate">{(field) => <VatRateField field={field} id={fieldId('vatRate')} category={category} />}</form.Field>
            <ProductSafetyFields category={category} renderField={safetyField} idFor={fieldId} />
          </>
        )}
      </form.Subscribe>

      {saveError && (
        <p role="alert" className="rounded-xl border border-blush-200 bg-blush-50 px-4 py-3 font-medium text-blush-700">
          {saveError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Anuluj
        </button>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Zapisywanie...' : product ? 'Zapisz zmiany' : 'Dodaj produkt'}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

/** A label with the red asterisk of a required field (the asterisk itself is not read out). */
function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{' '}
      <span aria-hidden="true" className="text-blush-700">
        *
      </span>
    </>
  );
}
