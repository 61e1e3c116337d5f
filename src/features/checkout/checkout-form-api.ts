import { useForm } from '@tanstack/react-form';
import { checkoutFormSchema, type CheckoutFormValues } from '../../domain/checkout-schema.ts';
import { schemaValidation } from '../../lib/schema-validation.ts';
import { saveDraftValues } from './checkout-draft.ts';

/**
 * The checkout's TanStack form: validated by the shared schema, saved to the
 * device draft as the customer types. A hook of its own so the form's
 * sections can name its type.
 */
export function useCheckoutFormApi(options: {
  initialValues: CheckoutFormValues;
  onSubmit: (value: CheckoutFormValues) => Promise<void>;
  onSubmitInvalid: (value: CheckoutFormValues) => void;
}) {
  return useForm({
    defaultValues: options.initialValues,
    ...schemaValidation(checkoutFormSchema),
    listeners: {
      onChange: ({ formApi }) => void saveDraftValues(formApi.state.values),
      onChangeDebounceMs: 300,
    },
    onSubmit: ({ value }) => options.onSubmit(value),
    onSubmitInvalid: ({ value }) => options.onSubmitInvalid(value),
  });
}

export type CheckoutFormApi = ReturnType<typeof useCheckoutFormApi>;

/** The free-text fields of the checkout (every other field is a choice). */
export type CheckoutTextFieldName = {
  [K in keyof CheckoutFormValues]: string extends CheckoutFormValues[K] ? K : never;
}[keyof CheckoutFormValues];

/** What place-order said of a field last time, keyed by the schema's path. */
export function serverFieldError(serverFields: Readonly<Record<string, string>>, name: keyof CheckoutFormValues): string | undefined {
  return serverFields[`checkout.${name}`] ?? serverFields[name];
}

/** The first message TanStack Form holds for a field, if it is a string. */
export function fieldError(errors: readonly unknown[]): string | undefined {
  const [error] = errors;
  return typeof error === 'string' ? error : undefined;
}
