import { useEffect, useState, type ReactNode } from 'react';
import { FormField, inputClass } from '../../lib/form-field.tsx';

/** The counter is read out this long after the last keystroke, not on each one. */
export const COUNTER_ANNOUNCE_DELAY_MS = 1200;

/** A value that follows `value` once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A text input or textarea with a live 'N/max' counter: shown as the
 * customer types, tied to the control as its description, and announced
 * politely to screen readers once typing pauses.
 */
export function CountedTextField({
  id,
  label,
  hint,
  value,
  error,
  maxLength,
  counter,
  multiline = false,
  rows = 3,
  placeholder,
  onChange,
  onBlur,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  error: string | undefined;
  maxLength: number;
  /** 'N/max' for the value. */
  counter: (value: string) => string;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const settled = useSettled(value, COUNTER_ANNOUNCE_DELAY_MS);
  const describedBy = [hint ? hintId : null, counterId, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = {
    id,
    name: id.replace(/^checkout-/, ''),
    value,
    maxLength,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur,
  } as const;
  return (
    <FormField id={id} label={label} error={error}>
      {hint && (
        <p id={hintId} className="-mt-1 mb-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...control} rows={rows} className={`${inputClass} resize-y`} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...control} type="text" className={inputClass} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={counterId} className="mt-1 text-right text-sm text-ink-muted tabular-nums" data-testid={counterId}>
        {counter(value)}
      </p>
      <p role="status" className="sr-only" data-testid={`${id}-announcement`}>
        {settled === '' ? '' : `Wpisano ${counter(settled).replace('/', ' z ')} znaków`}
      </p>
    </FormField>
  );
}

/** 'N/max' in characters as the customer sees them (an emoji is one). */
export function characterCounter(max: number): (value: string) => string {
  return (value) => `${[...value].length}/${max}`;
}
