import type { ReactNode } from 'react';
import { TextInputField } from '../../lib/form-field.tsx';
import { serverFieldError, type CheckoutFormApi, type CheckoutTextFieldName } from './checkout-form-api.ts';

/**
 * A checkout text input bound to its form field, with what the server said of it as the fallback message, or what
 * `checkOnBlur` says of the value once the field is left.
 */
export function CheckoutTextField({
  form,
  name,
  label,
  serverFields,
  maxLength,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  placeholder,
  wide = false,
  checkOnBlur,
}: {
  form: CheckoutFormApi;
  name: CheckoutTextFieldName;
  label: ReactNode;
  serverFields: Readonly<Record<string, string>>;
  maxLength: number;
  type?: 'text' | 'email' | 'tel' | 'time';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete?: string;
  placeholder?: string;
  wide?: boolean;
  checkOnBlur?: (value: string) => string | undefined;
}) {
  return (
    <form.Field name={name}>
      {(field) => (
        <div className={wide ? 'sm:col-span-2' : undefined}>
          <TextInputField
            field={field}
            id={`checkout-${name}`}
            label={label}
            fallbackError={
              serverFieldError(serverFields, name) ??
              (checkOnBlur && field.state.meta.isBlurred ? checkOnBlur(field.state.value) : undefined)
            }
            name={name}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            placeholder={placeholder}
            maxLength={maxLength}
          />
        </div>
      )}
    </form.Field>
  );
}

/** '(opcjonalnie)' after a label, as the address's apartment number has it. */
export function optionalLabel(label: string): ReactNode {
  return (
    <>
      {label} <span className="font-normal text-ink-muted">(opcjonalnie)</span>
    </>
  );
}
