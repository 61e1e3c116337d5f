import type { ChangeEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * The shop's one form-field frame (label, control, message tied to it by
 * aria-describedby), shared by every form: features must not import each other.
 */
export const inputClass =
  'block w-full rounded-xl border border-forest-200 bg-white px-4 py-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-forest-700 aria-[invalid=true]:border-blush-700';

/** The first message TanStack Form holds for a field, if it is a string. */
function firstError(errors: readonly unknown[]): string | undefined {
  const [error] = errors;
  return typeof error === 'string' ? error : undefined;
}

/** Props every input gets from its field's state: invalid flag and the id of its message. */
function fieldA11y(id: string, error: string | undefined) {
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
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** A field's hint and its message, under the control, with the ids its aria-describedby names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-blush-700">
          {error}
        </p>
      )}
    </>
  );
}

/** What the field components use of a TanStack Form field (its FieldApi fits). */
export interface FieldBinding<T extends string = string> {
  state: { value: T; meta: { errors: readonly unknown[] } };
  handleChange: (value: T) => void;
  handleBlur: () => void;
}

interface BoundFieldProps<T extends string> {
  field: FieldBinding<T>;
  id: string;
  label: ReactNode;
  /** Shown when the field holds no message of its own (e.g. what the server said of it). */
  fallbackError?: string;
}

/** The frame's message and the control's props bound to the field: a11y, value, change and blur. */
function bind<T extends string>({ field, id, fallbackError }: Omit<BoundFieldProps<T>, 'label'>) {
  const error = firstError(field.state.meta.errors) ?? fallbackError;
  const control = {
    ...fieldA11y(id, error),
    value: field.state.value,
    // The options and text the control offers are the field's values: a select lists only T.
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      field.handleChange(event.target.value as T),
    onBlur: field.handleBlur,
  };
  return { error, control };
}

type BoundAttributes = 'id' | 'value' | 'onChange' | 'onBlur' | 'className';

/** A text input in the form-field frame, bound to a TanStack Form field; `append` stands beside it (e.g. a show-password toggle). */
export function TextInputField({
  field,
  id,
  label,
  fallbackError,
  append,
  ...inputProps
}: BoundFieldProps<string> & { append?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, BoundAttributes>) {
  const { error, control } = bind({ field, id, fallbackError });
  const input = <input {...control} {...inputProps} className={inputClass} />;
  return (
    <FormField id={id} label={label} error={error}>
      {append ? (
        <div className="flex gap-2">
          {input}
          {append}
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}

/** The email input of every form (login, reset, contact): labelled 'E-mail', with the email keyboard and autofill. */
export function EmailField({ field, id, maxLength }: Omit<BoundFieldProps<string>, 'label' | 'fallbackError'> & { maxLength?: number }) {
  return (
    <TextInputField
      field={field}
      id={id}
      label="E-mail"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={maxLength}
    />
  );
}

/** A resizable textarea in the form-field frame, bound to a TanStack Form field. */
export function TextAreaField({
  field,
  id,
  label,
  ...textareaProps
}: BoundFieldProps<string> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, BoundAttributes>) {
  const { error, control } = bind({ field, id });
  return (
    <FormField id={id} label={label} error={error}>
      <textarea {...control} {...textareaProps} className={`${inputClass} resize-y`} />
    </FormField>
  );
}

/** A select in the form-field frame, bound to a TanStack Form field whose values are its options' (the children). */
export function SelectField<T extends string>({
  field,
  id,
  label,
  children,
  ...selectProps
}: BoundFieldProps<T> & Omit<SelectHTMLAttributes<HTMLSelectElement>, BoundAttributes>) {
  const { error, control } = bind({ field, id });
  return (
    <FormField id={id} label={label} error={error}>
      <select {...control} {...selectProps} className={`${inputClass} min-h-[3.125rem]`}>
        {children}
      </select>
    </FormField>
  );
}
