import { memo } from 'react';
import { fieldError, serverFieldError, type CheckoutFormApi } from './checkout-form-api.ts';
import { sectionTitleClass } from './checkout-fields.tsx';
import { optionalLabel } from './checkout-text-field.tsx';
import { CountedTextField } from './counted-text-field.tsx';

export const ANONYMOUS_EXPLANATION =
  'Odbiorca nie zobaczy Twojego imienia i nazwiska: nie będzie ich na bileciku ani na niczym, co drukujemy do dostawy.';

/** 'Bilecik': the card's message with its live counter, the signature, and the switch to send anonymously. */
export const CardSection = memo(function CardSection({
  form,
  serverFields,
}: {
  form: CheckoutFormApi;
  serverFields: Readonly<Record<string, string>>;
}) {
  return (
    <fieldset>
      <legend className={sectionTitleClass}>Bilecik</legend>
      <div className="mt-4 space-y-5">
        <form.Field name="cardMessage">
          {(field) => (
            <CountedTextField
              id="checkout-cardMessage"
              text="cardMessage"
              label={optionalLabel('Treść bileciku')}
              value={field.state.value}
              error={fieldError(field.state.meta.errors) ?? serverFieldError(serverFields, 'cardMessage')}
              multiline
              rows={4}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="cardSignature">
          {(field) => (
            <CountedTextField
              id="checkout-cardSignature"
              text="cardSignature"
              label={optionalLabel('Podpis')}
              placeholder="Np. Kasia i Tomek"
              value={field.state.value}
              error={fieldError(field.state.meta.errors) ?? serverFieldError(serverFields, 'cardSignature')}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="anonymous">{(field) => <AnonymousSwitch checked={field.state.value} onChange={field.handleChange} />}</form.Field>
      </div>
    </fieldset>
  );
});

/** A switch (role 'switch' on a checkbox, so it keeps the keyboard and form behaviour of one). */
export function AnonymousSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div>
      <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          name="anonymous"
          checked={checked}
          aria-describedby="checkout-anonymous-hint"
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-forest-200 transition-colors peer-checked:bg-forest-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-forest-700 after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
        <span className="font-medium text-forest-900">Wyślij anonimowo</span>
      </label>
      <p id="checkout-anonymous-hint" className="mt-1 text-sm text-ink-muted">
        {ANONYMOUS_EXPLANATION}
      </p>
    </div>
  );
}
