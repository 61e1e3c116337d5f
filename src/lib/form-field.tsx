import type { ReactNode } from 'react';

/**
 * The shop's one form-field frame (label, control, message tied to it by
 * aria-describedby), shared by every form: features must not import each other.
 */
export const inputClass =
  'block w-full rounded-xl border border-forest-200 bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-forest-700 aria-[invalid=true]:border-blush-700';

/** The first message TanStack Form holds for a field, if it is a string. */
export function firstError(errors: readonly unknown[]): string | undefined {
  const [error] = errors;
  return typeof error === 'string' ? error : undefined;
}

/** Props every input gets from its field's state: invalid flag and the id of its message. */
export function fieldA11y(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-forest-900">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-blush-700">
          {error}
        </p>
      )}
    </div>
  );
}
