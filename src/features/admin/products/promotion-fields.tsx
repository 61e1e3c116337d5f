import { useId, useState, type ReactNode } from 'react';
import { formatPln, fromPln } from '../../../domain/money.ts';
import type { ProductRow } from '../../../domain/product.ts';
import { promotionState, type PromotionFormValues, type PromotionState } from '../../../domain/promotion-schema.ts';
import { TextInputField, type FieldBinding } from '../../../lib/form-field.tsx';

/** The product form binds one of its fields (form.Field) and renders it here, so this section needs none of the form's types. */
export type RenderPromotionField = (name: keyof PromotionFormValues, render: (field: FieldBinding) => ReactNode) => ReactNode;

export interface PromotionFieldsProps {
  renderField: RenderPromotionField;
  idFor: (name: keyof PromotionFormValues) => string;
}

/**
 * 'Promocja' in the product form: the promotional price and the
 * Warsaw dates it runs ('Do' included). The shop shows it with the regular
 * price struck through and the lowest price of the 30 days before, which the
 * database works out from the price history.
 */
export function PromotionFields({ renderField, idFor }: PromotionFieldsProps) {
  const hintId = useId();
  const date = (name: 'promoFrom' | 'promoTo', label: string) =>
    renderField(name, (field) => <TextInputField field={field} id={idFor(name)} label={label} name={name} type="date" />);
  return (
    <fieldset className="space-y-4 rounded-2xl border border-forest-100 bg-white p-4 sm:p-5" aria-describedby={hintId}>
      <legend className="px-1 text-lg font-semibold text-forest-900">Promocja</legend>
      <p id={hintId} className="text-sm text-ink-muted">
        Cena promocyjna obowiązuje od początku dnia „Od” do końca dnia „Do” (czas polski). Puste „Od” — od zapisania, puste „Do” — do
        odwołania. Sklep pokaże obok najniższą cenę z 30 dni przed obniżką.
      </p>
      {renderField('promoPrice', (field) => (
        <TextInputField
          field={field}
          id={idFor('promoPrice')}
          label="Cena promocyjna (zł)"
          name="promoPrice"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="brak promocji"
        />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {date('promoFrom', 'Od')}
        {date('promoTo', 'Do')}
      </div>
    </fieldset>
  );
}

const MARK: Record<Exclude<PromotionState, 'none'>, { label: string; className: string }> = {
  running: { label: 'Promocja', className: 'bg-blush-700 text-white' },
  scheduled: { label: 'Promocja zaplanowana', className: 'bg-blush-100 text-blush-700' },
  ended: { label: 'Promocja zakończona', className: 'bg-cream-200 text-ink-muted' },
};

/** The products list's mark: a running, planned or finished promotion, with its price (by the device's clock when the list was shown). */
export function PromotionMark({ product }: { product: ProductRow }) {
  const [now] = useState(Date.now);
  const state = promotionState(product, now);
  if (state === 'none' || product.promo_price == null) return null;
  const mark = MARK[state];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${mark.className}`}>
      {mark.label}: {formatPln(fromPln(product.promo_price))}
    </span>
  );
}
