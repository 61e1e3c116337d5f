import { useId, type ReactNode } from 'react';
import type { CategoryId } from '../../../domain/categories.ts';
import type { SafetyFormField } from '../../../domain/product-legal-schema.ts';
import { PRODUCT_SAFETY_LABELS, PRODUCT_SAFETY_LIMITS, needsSafetyInfo, type ProductSafetyField } from '../../../domain/product-safety.ts';
import { TextAreaField, TextInputField, type FieldBinding } from '../../../lib/form-field.tsx';

/** The product form binds one of its fields (form.Field) and renders it here, so this section needs none of the form's types. */
export type RenderSafetyField = (name: SafetyFormField, render: (field: FieldBinding) => ReactNode) => ReactNode;

export interface ProductSafetyFieldsProps {
  category: CategoryId;
  renderField: RenderSafetyField;
  idFor: (name: SafetyFormField) => string;
}

const COLUMNS: Record<SafetyFormField, ProductSafetyField> = {
  manufacturerName: 'manufacturer_name',
  manufacturerAddress: 'manufacturer_address',
  manufacturerContact: 'manufacturer_contact',
  safetyWarnings: 'safety_warnings',
};

/**
 * 'Bezpieczeństwo produktu (GPSR)' in the product form: who made
 * the product, how to reach them, and the warnings, which the product page
 * shows under 'Informacje o bezpieczeństwie produktu'. Live flowers need
 * none, so the section is not shown for them.
 */
export function ProductSafetyFields({ category, renderField, idFor }: ProductSafetyFieldsProps) {
  const hintId = useId();
  if (!needsSafetyInfo({ category })) return null;

  const input = (name: Exclude<SafetyFormField, 'safetyWarnings' | 'manufacturerAddress'>, extra: { placeholder: string }) =>
    renderField(name, (field) => (
      <TextInputField
        field={field}
        id={idFor(name)}
        label={PRODUCT_SAFETY_LABELS[COLUMNS[name]]}
        name={name}
        type="text"
        autoComplete="off"
        maxLength={PRODUCT_SAFETY_LIMITS[COLUMNS[name]]}
        {...extra}
      />
    ));
  const textArea = (name: 'manufacturerAddress' | 'safetyWarnings', rows: number, placeholder: string) =>
    renderField(name, (field) => (
      <TextAreaField
        field={field}
        id={idFor(name)}
        label={PRODUCT_SAFETY_LABELS[COLUMNS[name]]}
        name={name}
        rows={rows}
        maxLength={PRODUCT_SAFETY_LIMITS[COLUMNS[name]]}
        placeholder={placeholder}
      />
    ));

  return (
    // The card is a div around a plain fieldset: a bordered fieldset would draw its legend into the border.
    <div className="rounded-2xl border border-forest-100 bg-white p-4 sm:p-5">
      <fieldset className="min-w-0" aria-describedby={hintId}>
        <legend className="text-lg font-semibold text-forest-900">Bezpieczeństwo produktu (GPSR)</legend>
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          Podaj producenta, jego adres i kontakt oraz ostrzeżenia. Klient zobaczy je na stronie produktu (wymóg rozporządzenia GPSR dla
          produktów innych niż kwiaty żywe).
        </p>
        <div className="mt-4 space-y-4">
          {input('manufacturerName', { placeholder: 'np. Wytwórnia Zniczy sp. z o.o.' })}
          {textArea('manufacturerAddress', 2, 'ulica i numer, kod pocztowy, miejscowość, kraj')}
          {input('manufacturerContact', { placeholder: 'e-mail, telefon lub strona www' })}
          {textArea('safetyWarnings', 3, 'np. Nie zostawiaj palącego się znicza bez nadzoru.')}
        </div>
      </fieldset>
    </div>
  );
}
