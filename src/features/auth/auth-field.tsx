import type { ReactNode } from 'react';

export const authInputClass =
  'block w-full rounded-xl border border-forest-200 bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-forest-700 aria-[invalid=true]:border-blush-700';

export function firstError(errors: readonly unknown[]): string | undefined {
  const [error] = errors;
  return typeof error === 'string' ? error : undefined;
}

/** Props every input gets from its field's state: invalid flag and the id of its message. */
export function fieldA11y(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function AuthField({ id, label, error, children }: { id: string; label: ReactNode; error: string | undefined; children: ReactNode }) {
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

export function AuthFormError({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'rounded-xl bg-blush-50 px-4 py-3 text-sm font-medium text-blush-700' : 'sr-only'}>
      {message}
    </div>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-forest-900">{title}</h1>
      <div className="rounded-2xl border border-forest-100 bg-white p-6 shadow-header">{children}</div>
    </section>
  );
}

export const authSubmitClass = 'btn-primary w-full disabled:opacity-60';
