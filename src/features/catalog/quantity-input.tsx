import { useId } from 'react';

/** A whole number ≥ 1, or null when the text is not one. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Minimum 1; while the text is invalid the quantity counts as 1, and leaving the field writes 1 back. */
export function QuantityInput({ text, onTextChange }: { text: string; onTextChange: (text: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-forest-900">
        Ilość
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onBlur={() => {
          if (parseQuantity(text) === null) onTextChange('1');
        }}
        className="mt-1 min-h-12 w-24 rounded-xl border border-forest-200 bg-white px-3 text-center text-base text-ink focus:border-forest-700"
      />
    </div>
  );
}
