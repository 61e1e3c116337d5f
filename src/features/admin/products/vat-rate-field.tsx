import { categoryLabel, type CategoryId } from '../../../domain/categories.ts';
import { DEFAULT_CATEGORY_RATES } from '../../../domain/invoice/settings.ts';
import { VAT_RATE_LABELS, VAT_RATES, type VatRate } from '../../../domain/invoice/vat.ts';
import { SelectField, type FieldBinding } from '../../../lib/form-field.tsx';

export interface VatRateFieldProps {
  field: FieldBinding<VatRate | ''>;
  id: string;
  /** The category chosen in the form now: 'Według kategorii' means its rate from the settings. */
  category: CategoryId;
}

/**
 * 'Stawka VAT' in the product form: the product's own rate, or its
 * category's from 'Faktury i VAT' in the settings (docs/decisions/036-vat-rates.md).
 */
export function VatRateField({ field, id, category }: VatRateFieldProps) {
  return (
    <SelectField field={field} id={id} label="Stawka VAT" name="vatRate">
      <option value="">
        Według kategorii „{categoryLabel(category)}” (domyślnie {VAT_RATE_LABELS[DEFAULT_CATEGORY_RATES[category]]})
      </option>
      {VAT_RATES.map((rate) => (
        <option key={rate} value={rate}>
          {VAT_RATE_LABELS[rate]}
        </option>
      ))}
    </SelectField>
  );
}
