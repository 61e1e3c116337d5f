import type { ReactNode, Ref } from 'react';
import { FormField, inputClass } from '../../../lib/form-field.tsx';

/** The fields the owner's money forms share ('Oznacz jako opłacone', 'Zwróć pieniądze'). */

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** An amount in złoty as typed ('150', '150,50'), with a line below saying what fits. */
export function AmountField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint: ReactNode;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, label, value, error, hint, onChange, inputRef } = props;
  return (
    <>
      <FormField id={id} label={label} error={error}>
        <input
          ref={inputRef}
          id={id}
          className={inputClass}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
          onChange={(event) => onChange(event.target.value)}
        />
      </FormField>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
        {hint}
      </p>
    </>
  );
}

/** A calendar day no later than the shop's today. */
export function DayField(props: {
  id: string;
  label: string;
  value: string;
  max: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { id, label, value, max, error, onChange } = props;
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        type="date"
        className={inputClass}
        max={max}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

export function NoteField(props: { id: string; label: string; value: string; maxLength: number; onChange: (value: string) => void }) {
  const { id, label, value, maxLength, onChange } = props;
  return (
    <FormField id={id} label={label} error={undefined}>
      <textarea
        id={id}
        className={`${inputClass} resize-y`}
        rows={2}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** The function's own message when it refused, then save and back. */
export function MoneyFormFooter(props: {
  failure: string | null;
  saving: boolean;
  submitLabel: string;
  backLabel: string;
  onBack: () => void;
}) {
  const { failure, saving, submitLabel, backLabel, onBack } = props;
  return (
    <>
      {failure && (
        <p role="alert" className="text-sm font-medium text-blush-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11 px-4 py-2" disabled={saving}>
          {saving ? 'Zapisywanie...' : submitLabel}
        </button>
        <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={onBack} disabled={saving}>
          {backLabel}
        </button>
      </div>
    </>
  );
}
