import { categoryLabel, type CategoryId } from '../../../domain/categories.ts';
import {
  WITHDRAWAL_RULES,
  WITHDRAWAL_RULE_LABELS,
  productWithdrawalExemption,
  type WithdrawalRule,
} from '../../../domain/withdrawal-right.ts';
import { SelectField, type FieldBinding } from '../../../lib/form-field.tsx';

export interface WithdrawalRuleFieldProps {
  field: FieldBinding<WithdrawalRule>;
  id: string;
  /** The category chosen in the form now: 'Według kategorii' means its rule. */
  category: CategoryId;
}

/**
 * 'Prawo odstąpienia' in the product form, with what the choice
 * means for this product beside it - the same answer the shop's product
 * page and cart give, from the one rule module.
 */
export function WithdrawalRuleField({ field, id, category }: WithdrawalRuleFieldProps) {
  const rule = field.state.value;
  const exemption = productWithdrawalExemption({ category, withdrawal_rule: rule });
  // An exemption's label is the rule that sets it; no exemption reads as 'returnable'.
  const effect = WITHDRAWAL_RULE_LABELS[exemption ?? 'returnable'];
  const effectId = `${id}-effect`;

  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-end" data-testid="withdrawal-rule-section">
      <SelectField field={field} id={id} label="Prawo odstąpienia" name="withdrawalRule" aria-describedby={effectId}>
        {WITHDRAWAL_RULES.map((value) => (
          <option key={value} value={value}>
            {WITHDRAWAL_RULE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <p
        id={effectId}
        aria-live="polite"
        className={`rounded-xl px-4 py-3 text-sm ${exemption ? 'bg-cream-200 text-ink' : 'bg-forest-50 text-forest-800'}`}
        data-testid="withdrawal-rule-effect"
      >
        <span className="font-semibold">{rule === 'category' ? `Dla kategorii „${categoryLabel(category)}”:` : 'Dla tego produktu:'}</span>{' '}
        {effect}
      </p>
    </div>
  );
}
