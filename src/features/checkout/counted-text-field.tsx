import { useState, type ReactNode } from 'react';
import {
  COUNTED_TEXTS,
  characterCount,
  charactersLeftText,
  counterLevel,
  textTooLongMessage,
  type CountedText,
  type CounterLevel,
} from '../../domain/florist-order.ts';
import { FormField, inputClass } from '../../lib/form-field.tsx';

const COUNTER_CLASS: Record<CounterLevel, string> = {
  ok: 'text-ink-muted',
  warning: 'font-medium text-amber-800',
  over: 'font-medium text-blush-700',
};

/** What the counter says beside 'N/max': how much is left close to the limit; over it, the error says it. */
function counterNote(level: CounterLevel, left: number): string {
  return level === 'warning' ? ` – ${charactersLeftText(left).toLowerCase()}` : '';
}

/**
 * A text input or textarea with a live 'N/max' counter tied to the control as
 * its description. Close to the limit the counter turns amber and says what
 * is left; over it, the text stays as typed or pasted (never cut) with an
 * error until it is shortened, and the schema refuses it at submit. Screen
 * readers hear it only when the text crosses into the warning or over the
 * limit, not on every keystroke.
 */
export function CountedTextField({
  id,
  text,
  label,
  hint,
  value,
  error,
  multiline = false,
  rows = 3,
  placeholder,
  onChange,
  onBlur,
}: {
  id: string;
  text: CountedText;
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  error: string | undefined;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { max } = COUNTED_TEXTS[text];
  const count = characterCount(value);
  const level = counterLevel(count, max);
  const shownError = level === 'over' ? textTooLongMessage(text, count) : error;
  // The announcement changes only when the level does (React's state-from-props pattern, no effect).
  const [announced, setAnnounced] = useState<{ level: CounterLevel; message: string }>({ level, message: '' });
  if (announced.level !== level) {
    const message = level === 'over' ? textTooLongMessage(text, count) : level === 'warning' ? charactersLeftText(max - count) : '';
    setAnnounced({ level, message });
  }
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, counterId, shownError ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = {
    id,
    name: id.replace(/^checkout-/, ''),
    value,
    placeholder,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': describedBy,
    onBlur,
  } as const;
  return (
    <FormField id={id} label={label} error={shownError}>
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
      <p
        id={counterId}
        className={`mt-1 text-right text-sm tabular-nums ${COUNTER_CLASS[level]}`}
        data-testid={counterId}
        data-level={level}
      >
        {count}/{max}
        {counterNote(level, max - count)}
      </p>
      <p role="status" className="sr-only" data-testid={`${id}-announcement`}>
        {announced.message}
      </p>
    </FormField>
  );
}
