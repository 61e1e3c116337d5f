import type { ReactNode } from 'react';

/** The frame the login and registration pages share: the titled card, its form-level error and its submit button's look. */

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
