import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-forest-900">
        {label}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-blush-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 rounded-full border border-forest-200 bg-white px-3">
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}
